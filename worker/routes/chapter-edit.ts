import {
  chapterTimesProblem,
  chapterWidths,
  MAX_CHAPTER_DESCRIPTION,
  MAX_CHAPTER_TITLE,
  MAX_SAVED_CHAPTERS,
} from "@core/chapters/save-rules";
import { DomainError, ErrorCode } from "@core/errors";
import { pageOfOutput } from "@core/processing/protocol";
import { VersionId } from "@core/protocol/version-stream";
import { toMultiLineText, toSingleLineText } from "@core/text/plain-text";
import { type Context, Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { requireSession, type SessionEnv } from "../auth/session";
import { CHAPTER_EDIT_BYTES, limitBody } from "../body-limit";
import { readChapterRows, replaceChapters } from "../db/queries/chapter-edit";
import { findVersion, listVersions } from "../db/queries/versions";
import { errorBody } from "../errors";
import { fileUrl } from "../files/pictures";
import { missingOutputs, outputKey } from "../processing/outputs";
import { IdParam, valid } from "../validation";
import { editorAids } from "../versions/editor-aids";
import { openTalk } from "../versions/talk-access";
import { versionOutputPrefix } from "../versions/version-files";
import { durationSeconds, toVersionView } from "../versions/version-view";

type Env = AppEnv & SessionEnv;

const VersionParams = v.object({ presentationId: IdParam, versionId: VersionId });
const EventQuery = v.object({ eventId: v.optional(IdParam) });

const CHAPTER_IMAGE_URL = /^\/api\/files\/versions\/[0-9a-f]{1,64}\/(?:pages|chapters)\/[0-9]{3,4}\.jpg$/;

/** A chapter's text, less control and bidi characters (core/text/plain-text.ts), then trimmed and bounded. */
const OptionalText = (plain: typeof toSingleLineText | typeof toMultiLineText, max: number) =>
  v.optional(v.nullable(v.pipe(v.string(), plain, v.trim(), v.maxLength(max))));

const ChapterEditBody = v.object({
  thumbnails: v.pipe(
    v.array(
      v.object({
        /**
         * The chapter's image URL, one of the version's (a cut chapter reuses the one it came from):
         * a processor's output image (core/processing/protocol.ts) under `/api/files/versions/{id}/`.
         * Another shape is malformed (validation-failed); another version's image is `foreign-id`.
         */
        id: v.pipe(v.string(), v.regex(CHAPTER_IMAGE_URL)),
        time: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(86_400_000)),
        title: OptionalText(toSingleLineText, MAX_CHAPTER_TITLE),
        description: OptionalText(toMultiLineText, MAX_CHAPTER_DESCRIPTION),
        /** Accepted for the spec's shape and ignored: a width follows from the times, on every read. */
        width: v.optional(v.nullable(v.number())),
      }),
    ),
    v.minLength(1),
    v.maxLength(MAX_SAVED_CHAPTERS),
  ),
  /** When the editor saved (ISO 8601); the spec sends it, the server keeps its own clock. */
  date: v.optional(v.pipe(v.string(), v.maxLength(40))),
  /** The version's chapters revision the edit started from. */
  revision: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(Number.MAX_SAFE_INTEGER)),
});

/** The talk, checked for the speaker, and the version of it, which must be a success to edit. */
async function editableVersion(c: Context<Env>, presentationId: number, versionId: string, eventId?: number) {
  const talk = await openTalk(c.var.db, c.var.session, presentationId, "write");
  if (eventId !== undefined && eventId !== talk.eventId) throw new DomainError(ErrorCode.PresentationNotFound);
  const version = await findVersion(c.var.db, presentationId, versionId);
  if (!version) throw new DomainError(ErrorCode.NotFound);
  return version;
}

/** The chapters as the editor reads them; each width from the times, the save's rule, whoever made them. */
async function chaptersAnswer(c: Context<Env>, versionId: string, durationMs: number | null, revision: number) {
  const rows = await readChapterRows(c.var.db, versionId);
  const widths = chapterWidths(
    rows.map((row) => row.timeMs),
    durationMs,
  );
  return {
    thumbnails: rows.map((row, index) => ({
      id: fileUrl(row.imageKey),
      time: row.timeMs,
      title: row.title,
      description: row.description,
      width: widths[index] ?? 0,
      page: pageOfOutput(row.imageKey),
    })),
    duration: durationSeconds(durationMs),
    revision,
  };
}

/** 409 `conflict` with the version's current chapters: another tab saved first, nothing is overwritten unseen. */
async function conflictAnswer(c: Context<Env>, presentationId: number, versionId: string) {
  const now = await findVersion(c.var.db, presentationId, versionId);
  if (!now) throw new DomainError(ErrorCode.NotFound);
  if (now.status !== "success") throw new DomainError(ErrorCode.VersionNotReady);
  const current = await chaptersAnswer(c, versionId, now.durationMs, now.chaptersRevision);
  return c.json({ ...errorBody(c, ErrorCode.Conflict, "revision"), data: current }, 409);
}

/**
 * The stored image each chapter shows, from its URL: any picture the processor wrote for this
 * version (a page render or a frame), not only those its chapters show now, so saving back
 * chapters an earlier save removed (an undo) works. Another version's image, or one that is not
 * stored, is `foreign-id` naming the first such chapter.
 */
async function versionImageKeys(c: Context<Env>, versionId: string, ids: readonly string[]): Promise<string[]> {
  const folder = fileUrl(versionOutputPrefix(versionId));
  const foreign = (index: number) => new DomainError(ErrorCode.ForeignId, `thumbnails.${index}.id`);
  const outside = ids.findIndex((id) => !id.startsWith(folder));
  if (outside >= 0) throw foreign(outside);
  const names = ids.map((id) => id.slice(folder.length));
  // Usually every image is one the chapters show now: the bucket is listed only for the others.
  const shown = new Set((await readChapterRows(c.var.db, versionId)).map((row) => row.imageKey));
  const others = names.filter((name) => !shown.has(outputKey(versionId, name)));
  const missing = new Set(others.length > 0 ? await missingOutputs(c.env.FILES, versionId, others) : []);
  const absent = names.findIndex((name) => missing.has(name));
  if (absent >= 0) throw foreign(absent);
  return names.map((name) => outputKey(versionId, name));
}

/**
 * The speaker's chapter editor (docs/chapter-editor.md): reads a version's chapters with their
 * revision, and saves them whole; a save from an older revision is refused with the newer chapters.
 */
export const chapterEditRoutes = new Hono<Env>()
  .get(
    "/presentation/asspeaker/:presentationId/version/:versionId/chapter-edit",
    requireSession,
    valid("param", VersionParams),
    valid("query", EventQuery),
    async (c) => {
      const { presentationId, versionId } = c.req.valid("param");
      const version = await editableVersion(c, presentationId, versionId, c.req.valid("query").eventId);
      const found = (await listVersions(c.var.db, presentationId)).find((entry) => entry.version.id === versionId);
      if (!found) throw new DomainError(ErrorCode.NotFound);
      const { status, option, video, webcam } = toVersionView(found);
      const chapters = await chaptersAnswer(c, versionId, version.durationMs, version.chaptersRevision);
      const aids = await editorAids(c.env.FILES, versionId);
      return c.json({ data: { versionId, status, option, video, webcam, ...chapters, ...aids } }, 200);
    },
  )
  .patch(
    "/presentation/asspeaker/:presentationId/version/:versionId/chapter-edit-update",
    limitBody(CHAPTER_EDIT_BYTES),
    requireSession,
    valid("param", VersionParams),
    valid("query", EventQuery),
    valid("json", ChapterEditBody),
    async (c) => {
      const { presentationId, versionId } = c.req.valid("param");
      const body = c.req.valid("json");
      const version = await editableVersion(c, presentationId, versionId, c.req.valid("query").eventId);
      // The spec's 'The presentation is not ready!': only a processed version has chapters to edit.
      if (version.status !== "success") throw new DomainError(ErrorCode.VersionNotReady);
      const times = body.thumbnails.map((thumbnail) => thumbnail.time);
      const problem = chapterTimesProblem(times, version.durationMs);
      if (problem) throw new DomainError(ErrorCode.ValidationFailed, problem);
      // A stale tab learns of the newer chapters before its images are looked at: an image an
      // edit of the other tab stopped showing is still the version's (versionImageKeys), and the
      // answer is the conflict that lets the speaker choose, not a refusal of the image.
      if (body.revision !== version.chaptersRevision) return conflictAnswer(c, presentationId, versionId);
      const imageKeys = await versionImageKeys(
        c,
        versionId,
        body.thumbnails.map((thumbnail) => thumbnail.id),
      );
      const rows = body.thumbnails.map((thumbnail, index) => ({
        imageKey: imageKeys[index] as string,
        timeMs: thumbnail.time,
        title: thumbnail.title || null,
        description: thumbnail.description || null,
      }));
      // The write checks the revision again: of two saves of the same revision, one writes.
      if (!(await replaceChapters(c.var.db, versionId, body.revision, rows))) {
        return conflictAnswer(c, presentationId, versionId);
      }
      return c.json({ data: await chaptersAnswer(c, versionId, version.durationMs, body.revision + 1) }, 200);
    },
  );
