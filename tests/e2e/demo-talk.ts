import { DEMO_QUIZ } from "../../scripts/demo/demo-quiz";
import { ensureDemoVersion } from "../../scripts/demo-version/demo-version";
import type { DemoSession } from "./schedule-helpers";

/** How long making the demo version may take when a run is the first to need it. */
export const DEMO_VERSION_TIMEOUT_MS = 300_000;

/**
 * The id of the demo talk ("Agents autonomes…"), once its version, processed by the real pipeline
 * (a 21 s video of three 7 s slides), is online: made by the first test file that asks.
 */
export async function demoTalkWithVersion(baseUrl: string): Promise<number> {
  await ensureDemoVersion(baseUrl, { email: "speaker@demo.test", password: "demo-pass" });
  const schedule = (await (await fetch(`${baseUrl}/api/public/schedule/demo`)).json()) as {
    data: { presentations: { _id: number; name: string }[] };
  };
  const talk = schedule.data.presentations.find((presentation) => presentation.name === DEMO_QUIZ.presentationName);
  if (!talk) throw new Error("the demo schedule has no demo talk");
  return talk._id;
}

/** The demo speaker's own talk: the pages only its speaker may open (videos, device test). */
export async function demoSpeakerTalk(baseUrl: string, speaker: DemoSession): Promise<number> {
  const { speaker_id } = speaker.user as { speaker_id?: number };
  const schedule = (await (await fetch(`${baseUrl}/api/public/schedule/demo`)).json()) as {
    data: { presentations: { _id: number; speaker_id: number | null }[] };
  };
  const talk = schedule.data.presentations.find((candidate) => candidate.speaker_id === speaker_id);
  if (!talk) throw new Error("the demo speaker has no talk");
  return talk._id;
}
