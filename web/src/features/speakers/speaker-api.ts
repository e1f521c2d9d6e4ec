import type { SpeakerProfile } from "@core/schedule/speaker-directory";
import { answerOf, api, callOptions } from "../../lib/api";

/** `GET /api/events/{slug}/speakers/{speakerId}`: the speaker's biography, links and talks. */
export async function fetchSpeakerProfile(
  slug: string,
  speakerId: number,
  password: string | null,
  signal: AbortSignal,
): Promise<SpeakerProfile> {
  const request = api.events[":slug"].speakers[":speakerId"].$get(
    { param: { slug, speakerId: String(speakerId) }, query: { password: password ?? undefined } },
    callOptions(undefined, signal),
  );
  return (await answerOf(request)).data;
}
