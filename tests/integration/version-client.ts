/**
 * Pieces of the versions API in tests: finished uploads and processed versions written straight
 * into D1 and R2, as the tus uploads and the processor leave them (the upload and processing
 * routes have tests of their own).
 */
import { env } from "cloudflare:test";

export const PDF_BYTES = new TextEncoder().encode("%PDF-1.4\n%test\n");
export const MP4_BYTES = Uint8Array.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d, 0, 0, 0, 0]);

export interface Owner {
  /** The uploading speaker's user id, their event and their talk. */
  userId: number;
  eventId: number;
  presentationId: number;
}

const randomHex = (bytes: number) =>
  [...crypto.getRandomValues(new Uint8Array(bytes))].map((byte) => byte.toString(16).padStart(2, "0")).join("");

/** A finished tus upload of `owner`'s (not yet taken by a version), its object in R2. */
export async function completeUpload(
  owner: Owner,
  kind: "video" | "slides",
  file: { bytes?: Uint8Array; contentType?: string; status?: "uploading" | "complete" } = {},
): Promise<{ id: string; r2Key: string }> {
  const id = randomHex(11);
  const r2Key = `uploads/${owner.eventId}/${id}`;
  const bytes = file.bytes ?? (kind === "video" ? MP4_BYTES : PDF_BYTES);
  const contentType = file.contentType ?? (kind === "video" ? "video/mp4" : "application/pdf");
  const status = file.status ?? "complete";
  await env.FILES.put(r2Key, bytes, { httpMetadata: { contentType } });
  await env.DB.prepare(
    `insert into uploads (id, owner_user_id, event_id, presentation_id, kind, file_name, content_type, length,
       offset, part_size, r2_key, r2_upload_id, status, expires_at, completed_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      id,
      owner.userId,
      owner.eventId,
      owner.presentationId,
      kind,
      kind === "video" ? "talk.mp4" : "slides.pdf",
      contentType,
      bytes.byteLength,
      status === "complete" ? bytes.byteLength : 0,
      16 * 1024 * 1024,
      r2Key,
      `multipart-${id}`,
      status,
      Date.now() + 86_400_000,
      status === "complete" ? Date.now() : null,
    )
    .run();
  return { id, r2Key };
}

/**
 * A version of `owner`'s talk that the processor finished: a mode-two video (its upload taken),
 * a playable copy and one chapter thumbnail under `versions/{id}/`, 90 s long.
 */
export async function processedVersion(
  owner: Owner,
  options: { status?: "success" | "failed" | "processing"; online?: boolean; option?: "two" | "three" } = {},
): Promise<{ versionId: string; uploadKey: string; outputKeys: string[] }> {
  const versionId = randomHex(32);
  const upload = await completeUpload(owner, "video");
  const outputKeys = [`versions/${versionId}/video.mp4`, `versions/${versionId}/chapters/001.jpg`];
  for (const key of outputKeys) await env.FILES.put(key, MP4_BYTES);
  if (options.online) {
    await env.DB.prepare("update versions set online = 0 where presentation_id = ?").bind(owner.presentationId).run();
  }
  await env.DB.batch([
    env.DB.prepare(
      `insert into versions (id, presentation_id, option, status, percent, online, file_name, video_key,
         playable_video_key, duration_ms)
       values (?, ?, ?, ?, ?, ?, 'talk.mp4', ?, ?, 90000)`,
    ).bind(
      versionId,
      owner.presentationId,
      options.option ?? "two",
      options.status ?? "success",
      options.status === "processing" ? 40 : 100,
      options.online ? 1 : 0,
      upload.r2Key,
      outputKeys[0],
    ),
    env.DB.prepare("update uploads set version_id = ? where id = ?").bind(versionId, upload.id),
    env.DB.prepare(
      `insert into version_thumbnails (version_id, image_key, time_ms, title, position)
       values (?, ?, 0, 'Introduction', 0)`,
    ).bind(versionId, outputKeys[1]),
    env.DB.prepare("insert into processing_jobs (version_id, status, percent) values (?, 'done', 100)").bind(versionId),
  ]);
  return { versionId, uploadKey: upload.r2Key, outputKeys };
}

/** No version of the talk online, so a row may put one online. */
export async function allOffline(presentationId: number) {
  await env.DB.prepare("update versions set online = 0 where presentation_id = ?").bind(presentationId).run();
}
