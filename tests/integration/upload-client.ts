/** tus uploads in tests (docs/uploads.md): the protocol's headers and a fresh upload of a talk's speaker. */
import { env, SELF } from "cloudflare:test";
import type { EventWorld } from "./route-world";

export const TUS_HEADERS = { "tus-resumable": "1.0.0" };

/** `Upload-Metadata`: each key with its value in base64. */
export const uploadMetadata = (pairs: Record<string, string>) =>
  Object.entries(pairs)
    .map(([key, value]) => `${key} ${btoa(String.fromCharCode(...new TextEncoder().encode(value)))}`)
    .join(",");

/** The first bytes of an MP4 file: enough for the type check of a video's first part. */
export const MP4_HEAD = Uint8Array.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]);

/** Creation headers of a small video for the event's talk. */
export const videoCreation = (event: EventWorld, length = MP4_HEAD.length) => ({
  ...TUS_HEADERS,
  "upload-length": String(length),
  "upload-metadata": uploadMetadata({ kind: "video", filename: "talk.mp4", presentationId: String(event.talk) }),
});

/** Creation headers of a small quiz question video for the event's talk. */
export const quizVideoCreation = (event: EventWorld, length = MP4_HEAD.length) => ({
  ...TUS_HEADERS,
  "upload-length": String(length),
  "upload-metadata": uploadMetadata({ kind: "quiz-video", filename: "clip.mp4", presentationId: String(event.talk) }),
});

/**
 * Forgets how many uploads the user created this minute (worker/uploads/tus-upload.ts counts them
 * under this key): rows that make a fresh upload for each of their calls test other rules than
 * the creation rate.
 */
export async function forgetUploadCreations(userId: number): Promise<void> {
  await env.DB.prepare("delete from rate_limits where key = ?").bind(`upload-creations:user:${userId}`).run();
}

/** A new, empty upload of the talk's speaker: its id. */
export async function startedUpload(event: EventWorld): Promise<string> {
  await forgetUploadCreations(event.accounts.speaker.userId);
  const response = await SELF.fetch("http://localhost/api/uploads", {
    method: "POST",
    headers: { authorization: `Bearer ${event.accounts.speaker.token}`, ...videoCreation(event) },
  });
  const location = response.headers.get("location");
  if (response.status !== 201 || !location) throw new Error(`tus creation: ${response.status}`);
  return location.split("/").pop() as string;
}
