import { DomainError, ErrorCode } from "@core/errors";
import { VersionId } from "@core/protocol/version-stream";
import { toSingleLineText } from "@core/text/plain-text";
import { assertPresentationFile, takesWebcamLater } from "@core/versions/options";
import { type Context, Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { requireSession, type SessionEnv } from "../auth/session";
import { limitBody, SMALL_JSON_BYTES } from "../body-limit";
import { lastProcessorSeenAt } from "../db/queries/processors";
import { loadPublicPresentation } from "../db/queries/public-schedule";
import {
  anotherVersionOnline,
  attachWebcam,
  bumpScheduleRevision,
  createVersion,
  deleteVersion,
  findVersion,
  listVersions,
  progressOf,
  setVersionOnline,
} from "../db/queries/versions";
import { fileUrl } from "../files/pictures";
import { takeCompleteUpload } from "../uploads/take-upload";
import { UploadId } from "../uploads/upload-id";
import { IdParam, valid } from "../validation";
import { openTalk } from "../versions/talk-access";
import { deleteVersionFiles } from "../versions/version-files";
import { forgetUndoneVersionId, newVersionId, versionIdEverUsed } from "../versions/version-id";
import { forgetVersionProgress, reportVersionProgress } from "../versions/version-progress";
import { durationSeconds, thumbnailViews, toVersionView } from "../versions/version-view";

type Env = AppEnv & SessionEnv;

/**
 * A tus upload's id (docs/uploads.md), the last segment of its upload URL: 16 random bytes in
 * base64url, so exactly 22 characters (worker/uploads/tus-upload.ts). Anything else is malformed
 * (400 validation-failed naming it); a well-formed id that is not the caller's is `foreign-id`.
 */
const FileRef = v.object({ id: UploadId });

/**
 * A versionId a client proposes: 64 lowercase hex characters, as the server makes them. The id
 * names the folder of the version's files, whose addresses are their only protection (docs/api.md,
 * stored files), so a short or guessable one is refused.
 */
const ProposedVersionId = v.pipe(v.string(), v.regex(/^[0-9a-f]{64}$/));

const NewVersionFields = {
  versionId: v.optional(ProposedVersionId),
  fileName: v.optional(v.nullable(v.pipe(v.string(), toSingleLineText, v.trim(), v.maxLength(255)))),
  slides: v.optional(FileRef),
};

/** Which files each mode takes (core/versions/options.ts); a file a mode does not take is refused. */
const CreateVersionBody = v.variant("option", [
  v.strictObject({ option: v.literal("first"), ...NewVersionFields, video: FileRef, webcam: FileRef }),
  v.strictObject({ option: v.literal("two"), ...NewVersionFields, video: FileRef }),
  v.strictObject({ option: v.literal("three"), ...NewVersionFields, video: FileRef }),
  v.strictObject({ option: v.literal("four"), ...NewVersionFields }),
]);

const TalkParams = v.object({ presentationId: IdParam });
const VersionParams = v.object({ presentationId: IdParam, versionId: VersionId });

const PDF_TYPE = "application/pdf";

async function versionsAnswer(c: Context<Env>, presentationId: number) {
  const [versions, lastSeenAt] = await Promise.all([
    listVersions(c.var.db, presentationId),
    lastProcessorSeenAt(c.var.db),
  ]);
  const processors = { lastSeenAt, now: Date.now() };
  return versions.map((version) => toVersionView(version, processors));
}

/** A version of the talk in the path, or 404: an id of another talk's version proves nothing. */
async function versionOfTalk(c: Context<Env>, presentationId: number, versionId: string) {
  const version = await findVersion(c.var.db, presentationId, versionId);
  if (!version) throw new DomainError(ErrorCode.NotFound);
  return version;
}

/**
 * A talk's video versions (docs/versions.md): its speaker creates them from finished uploads,
 * puts one online, deletes them; its speaker and the event's moderators read them.
 */
export const speakerVersionRoutes = new Hono<Env>()
  .get("/speaker-data/presentation/:presentationId", requireSession, valid("param", TalkParams), async (c) => {
    const { presentationId } = c.req.valid("param");
    await openTalk(c.var.db, c.var.session, presentationId, "read");
    const presentation = await loadPublicPresentation(c.var.db, c.var.session.event, presentationId);
    if (!presentation) throw new DomainError(ErrorCode.PresentationNotFound);
    const { _id, name, date, time, end_time, room_id, room_info, speaker_info } = presentation;
    const versions = await versionsAnswer(c, presentationId);
    return c.json({ data: { _id, name, date, time, end_time, room_id, room_info, speaker_info, versions } }, 200);
  })
  .patch(
    "/speaker-data/:presentationId/versions",
    limitBody(SMALL_JSON_BYTES),
    requireSession,
    valid("param", TalkParams),
    valid("json", CreateVersionBody),
    async (c) => {
      const { presentationId } = c.req.valid("param");
      const body = c.req.valid("json");
      const { db, session } = c.var;
      await openTalk(db, session, presentationId, "write");
      assertPresentationFile(body.option, body);
      const ids = [
        "video" in body ? body.video.id : undefined,
        "webcam" in body ? body.webcam.id : undefined,
        body.slides?.id,
      ].filter((id) => id !== undefined);
      if (new Set(ids).size !== ids.length) throw new DomainError(ErrorCode.ForeignId, "the same upload twice");
      const take = (ref: { id: string } | undefined, kind: "video" | "slides") =>
        ref && takeCompleteUpload(db, { uploadId: ref.id, ownerUserId: session.user.id, presentationId, kind });
      const [video, webcam, slides] = await Promise.all([
        take("video" in body ? body.video : undefined, "video"),
        take("webcam" in body ? body.webcam : undefined, "video"),
        take(body.slides, "slides"),
      ]);
      const versionId = body.versionId ?? (await newVersionId());
      // A deleted version's id too: it named the folder of that version's files.
      if (body.versionId && (await versionIdEverUsed(db, body.versionId))) {
        throw new DomainError(ErrorCode.Conflict, "versionId: already used");
      }
      const slidesUrl = slides && fileUrl(slides.r2Key);
      const created = await createVersion(
        db,
        {
          id: versionId,
          presentationId,
          option: body.option,
          fileName: body.fileName || slides?.fileName || video?.fileName || null,
          videoKey: video?.r2Key ?? null,
          webcamKey: webcam?.r2Key ?? null,
          pdfUrl: slides?.contentType === PDF_TYPE ? (slidesUrl ?? null) : null,
          pptUrl: slides && slides.contentType !== PDF_TYPE ? (slidesUrl ?? null) : null,
        },
        ids,
      );
      // Another version took one of the files since they were checked.
      if (!created) {
        await forgetUndoneVersionId(db, versionId);
        throw new DomainError(ErrorCode.UploadInUse);
      }
      await reportVersionProgress(c.env, presentationId, { versionId, percent: 0, status: "pending" });
      return c.json({ data: await versionsAnswer(c, presentationId) }, 200);
    },
  )
  .patch(
    "/speaker-data/:presentationId/version/:versionId/online-status",
    limitBody(SMALL_JSON_BYTES),
    requireSession,
    valid("param", VersionParams),
    valid("json", v.object({ online: v.boolean() })),
    async (c) => {
      const { presentationId, versionId } = c.req.valid("param");
      const { online } = c.req.valid("json");
      const { db } = c.var;
      const talk = await openTalk(db, c.var.session, presentationId, "write");
      const version = await versionOfTalk(c, presentationId, versionId);
      if (version.online !== online) {
        if (online && version.status !== "success") throw new DomainError(ErrorCode.VersionNotReady);
        const changed = await setVersionOnline(db, presentationId, versionId, online);
        if (!changed) {
          if (await anotherVersionOnline(db, presentationId, versionId)) {
            throw new DomainError(ErrorCode.AnotherVersionOnline);
          }
          // Changed meanwhile: deleted, or no longer a success (a webcam added).
          throw new DomainError(ErrorCode.VersionNotReady);
        }
        await bumpScheduleRevision(db, talk.eventId);
      }
      return c.json({ data: await versionsAnswer(c, presentationId) }, 200);
    },
  )
  .delete(
    "/speaker-data/:presentationId/version/:versionId",
    requireSession,
    valid("param", VersionParams),
    async (c) => {
      const { presentationId, versionId } = c.req.valid("param");
      const talk = await openTalk(c.var.db, c.var.session, presentationId, "write");
      const deleted = await deleteVersion(c.var.db, presentationId, versionId);
      if (!deleted) throw new DomainError(ErrorCode.NotFound);
      // The rows are gone first: at worst a failure here leaves files no row names, never the reverse.
      await deleteVersionFiles(c.env.FILES, versionId, deleted.fileKeys);
      if (deleted.wasOnline) await bumpScheduleRevision(c.var.db, talk.eventId);
      await forgetVersionProgress(c.env, presentationId, versionId);
      return c.json({ data: await versionsAnswer(c, presentationId) }, 200);
    },
  )
  .patch(
    "/speaker-data/update-version",
    limitBody(SMALL_JSON_BYTES),
    requireSession,
    valid(
      "json",
      v.object({
        versionId: VersionId,
        presentationId: v.pipe(v.number(), v.integer(), v.minValue(1)),
        webcam: FileRef,
      }),
    ),
    async (c) => {
      const { versionId, presentationId, webcam } = c.req.valid("json");
      const { db, session } = c.var;
      const talk = await openTalk(db, session, presentationId, "write");
      const version = await versionOfTalk(c, presentationId, versionId);
      if (!takesWebcamLater(version.option)) {
        throw new DomainError(ErrorCode.Conflict, "only a version of mode two takes a webcam video");
      }
      // The spec's 'The presentation is not ready!': the version's own processing must be over first.
      if (version.status !== "success") throw new DomainError(ErrorCode.VersionNotReady);
      const upload = await takeCompleteUpload(db, {
        uploadId: webcam.id,
        ownerUserId: session.user.id,
        presentationId,
        kind: "video",
      });
      const attached = await attachWebcam(db, version, { id: webcam.id, r2Key: upload.r2Key });
      if (!attached) throw new DomainError(ErrorCode.VersionNotReady);
      if (version.webcamKey) await c.env.FILES.delete(version.webcamKey);
      // Pending and offline again, it leaves the public schedule until its speaker puts it back.
      if (version.online) await bumpScheduleRevision(db, talk.eventId);
      await reportVersionProgress(c.env, presentationId, progressOf({ ...version, status: "pending", percent: 0 }));
      return c.json({ data: await versionsAnswer(c, presentationId) }, 200);
    },
  )
  .get(
    "/speaker-data/video-details/:presentationId/video/:versionId",
    requireSession,
    valid("param", VersionParams),
    async (c) => {
      const { presentationId, versionId } = c.req.valid("param");
      await openTalk(c.var.db, c.var.session, presentationId, "read");
      await versionOfTalk(c, presentationId, versionId);
      const found = (await listVersions(c.var.db, presentationId)).find((entry) => entry.version.id === versionId);
      if (!found) throw new DomainError(ErrorCode.NotFound);
      return c.json(
        { data: { thumbnails: thumbnailViews(found.thumbnails), duration: durationSeconds(found.version.durationMs) } },
        200,
      );
    },
  );
