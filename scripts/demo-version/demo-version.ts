/**
 * The demo event's one talk with a version made by the real pipeline (issue 14): at first start
 * the demo speaker uploads a small generated deck (PDF) and a 21 s video of it through the tus
 * routes, creates a mode-two version, the processor beside the Worker processes it, and the
 * speaker puts it online. Nothing happens when the talk already has a version.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import * as v from "valibot";
import { DEMO_QUIZ } from "../demo/demo-quiz";
import { generateDeck, generateTalkVideo } from "../lib/generated-talk";
import { tusUpload } from "./tus-upload";

/** The demo speaker's talk (Émilie Durand's), also the demo quiz's. */
const DEMO_TALK = DEMO_QUIZ.presentationName;
const SLIDES = [
  { heading: "Agents autonomes", body: "Jusqu'où leur faire confiance ?", color: "#1f4e79" },
  { heading: "Ce qu'un agent décide seul", body: "Outils, mémoire, objectifs", color: "#f2c14e" },
  { heading: "Garder la main", body: "Limites, journaux, validation humaine", color: "#3c8d5a" },
];
const SECONDS_PER_SLIDE = 7;
const PROCESSING_TIMEOUT_MS = 5 * 60_000;

const Versions = v.object({
  data: v.object({ versions: v.array(v.object({ versionId: v.string(), status: v.string(), online: v.boolean() })) }),
});

async function call(baseUrl: string, token: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "x-locale": "en" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

async function demoTalkId(baseUrl: string): Promise<number> {
  const schedule = v.parse(
    v.object({ data: v.object({ presentations: v.array(v.object({ _id: v.number(), name: v.string() })) }) }),
    await (await fetch(`${baseUrl}/api/public/schedule/demo`)).json(),
  );
  const talk = schedule.data.presentations.find((presentation) => presentation.name === DEMO_TALK);
  if (!talk) throw new Error(`The demo talk "${DEMO_TALK}" is not in the demo schedule`);
  return talk._id;
}

async function speakerToken(baseUrl: string, email: string, password: string): Promise<string> {
  const login = await fetch(`${baseUrl}/api/event-engagement/demo/user-login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  return v.parse(v.object({ data: v.object({ token: v.string() }) }), await login.json()).data.token;
}

/**
 * Makes, processes and puts online the demo talk's version, unless the talk has one already.
 * Answers whether it made one.
 */
export async function ensureDemoVersion(
  baseUrl: string,
  speaker: { email: string; password: string },
): Promise<boolean> {
  const token = await speakerToken(baseUrl, speaker.email, speaker.password);
  const talk = await demoTalkId(baseUrl);
  const versionsOf = async () =>
    v.parse(Versions, await call(baseUrl, token, "GET", `/api/speaker-data/presentation/${talk}`)).data.versions;
  if ((await versionsOf()).length > 0) return false;

  const directory = await mkdtemp(join(tmpdir(), "demo-version-"));
  try {
    const pdf = await generateDeck(SLIDES, directory, "agents-autonomes", "pdf");
    const video = await generateTalkVideo({
      pdf,
      output: join(directory, "agents-autonomes.mp4"),
      secondsPerPage: SECONDS_PER_SLIDE,
      width: 640,
      height: 360,
    });
    const slidesId = await tusUpload(baseUrl, token, pdf, { kind: "slides", presentationId: talk });
    const videoId = await tusUpload(baseUrl, token, video, { kind: "video", presentationId: talk });
    await call(baseUrl, token, "PATCH", `/api/speaker-data/${talk}/versions`, {
      option: "two",
      fileName: "agents-autonomes.pdf",
      video: { id: videoId },
      slides: { id: slidesId },
    });
  } finally {
    await rm(directory, { recursive: true, force: true });
  }

  const deadline = Date.now() + PROCESSING_TIMEOUT_MS;
  for (;;) {
    const [version] = await versionsOf();
    if (!version) throw new Error("The demo version disappeared");
    if (version.status === "success") {
      await call(baseUrl, token, "PATCH", `/api/speaker-data/${talk}/version/${version.versionId}/online-status`, {
        online: true,
      });
      return true;
    }
    if (version.status === "failed" || version.status === "convert-failed") {
      throw new Error(`The demo version ended ${version.status} (see the processor's lines)`);
    }
    if (Date.now() > deadline) throw new Error("The demo version is still processing after 5 minutes");
    await sleep(1_000);
  }
}
