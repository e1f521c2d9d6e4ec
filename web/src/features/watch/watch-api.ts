import * as v from "valibot";
import { ApiError, apiHeaders, apiRequest } from "../../lib/api";

const ChapterSchema = v.object({ id: v.string(), time: v.number(), title: v.nullable(v.string()) });

/** What a watch page plays: the videos' URLs, the chapters, the duration and the version's date. */
export interface WatchVideo {
  versionId: string;
  date: string;
  video: string | null;
  webcam: string | null;
  duration: number | null;
  thumbnails: v.InferOutput<typeof ChapterSchema>[];
}

const PublicVideoSchema = v.object({
  data: v.object({
    versionId: v.string(),
    date: v.string(),
    video: v.nullable(v.string()),
    webcam: v.nullable(v.string()),
    duration: v.nullable(v.number()),
    thumbnails: v.array(ChapterSchema),
  }),
});

const SpeakerVersionsSchema = v.object({
  data: v.object({
    versions: v.array(
      v.object({
        versionId: v.string(),
        date: v.string(),
        status: v.string(),
        video: v.nullable(v.object({ url: v.string() })),
        webcam: v.nullable(v.object({ url: v.string() })),
        duration: v.nullable(v.number()),
        thumbnails: v.array(ChapterSchema),
      }),
    ),
  }),
});

function checked<Schema extends v.GenericSchema>(schema: Schema, answer: unknown): v.InferOutput<Schema> {
  const parsed = v.safeParse(schema, answer);
  if (!parsed.success) throw new ApiError(200, "network", `unexpected answer: ${v.summarize(parsed.issues)}`);
  return parsed.output;
}

const passwordQuery = (password: string | null): Record<string, string> => (password === null ? {} : { password });

/** The talk's public video (docs/watch.md); null when it has none ('No video'). */
export async function fetchPublicVideo(
  presentationId: number,
  password: string | null,
  signal: AbortSignal,
): Promise<WatchVideo | null> {
  try {
    const answer = await apiRequest("GET", `/api/presentation/${presentationId}/video`, {
      query: passwordQuery(password),
      signal,
    });
    return checked(PublicVideoSchema, answer).data;
  } catch (error) {
    if (error instanceof ApiError && error.code === "not-found") return null;
    throw error;
  }
}

/**
 * One of the speaker's versions, as the watch page plays it; null when the talk has no such version
 * or the caller may not read its versions (only its speaker and the event's moderators may).
 */
export async function fetchSpeakerVersion(
  presentationId: number,
  versionId: string,
  token: string,
  signal: AbortSignal,
): Promise<WatchVideo | null> {
  let answer: unknown;
  try {
    answer = await apiRequest("GET", `/api/speaker-data/presentation/${presentationId}`, { token, signal });
  } catch (error) {
    // Not the caller's talk to read: there is no video for them here.
    if (error instanceof ApiError && (error.code === "forbidden" || error.code === "presentation-not-found")) {
      return null;
    }
    throw error;
  }
  const version = checked(SpeakerVersionsSchema, answer).data.versions.find(
    (candidate) => candidate.versionId === versionId,
  );
  if (!version) return null;
  return { ...version, video: version.video?.url ?? null, webcam: version.webcam?.url ?? null };
}

/** The chapters as WebVTT, read with the page's credentials (a `<track>` sends none). */
export async function fetchChaptersVtt(
  presentationId: number,
  password: string | null,
  token: string | null,
  signal: AbortSignal,
) {
  const query = new URLSearchParams(passwordQuery(password));
  const response = await fetch(`/api/presentation/${presentationId}/chapters.vtt${query.size ? `?${query}` : ""}`, {
    headers: apiHeaders(token),
    signal,
  });
  if (!response.ok) throw new ApiError(response.status, "network", "chapters unavailable");
  return response.text();
}

/** Counts this viewer's play of the talk's public video (once per version and day, server-side). */
export async function countPlay(presentationId: number, viewerId: string, password: string | null, token?: string) {
  await apiRequest("POST", `/api/presentation/${presentationId}/plays`, {
    query: passwordQuery(password),
    body: { viewerId },
    token,
  });
}

/** The talk's plays (spec §7: 8 s timeout; a failure reads 0). */
export async function fetchPlays(presentationId: number, password: string | null, signal: AbortSignal) {
  const answer = await apiRequest("GET", `/api/presentation/${presentationId}/plays`, {
    query: passwordQuery(password),
    signal,
  });
  return checked(v.object({ data: v.number() }), answer).data;
}
