import { DomainError, ErrorCode } from "@core/errors";
import type { ThumbnailView } from "@core/versions/view";
import { type Context, Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { assertEventReadable } from "../auth/event-access";
import { findEventById } from "../db/queries/events";
import { findForumPresentation } from "../db/queries/forum";
import { listVersions, type VersionWithFiles } from "../db/queries/versions";
import { IdParam, valid } from "../validation";
import { toVersionView } from "../versions/version-view";

const TalkParams = v.object({ presentationId: IdParam });
const PasswordQuery = v.object({ password: v.optional(v.pipe(v.string(), v.maxLength(200))) });

/**
 * The talk's public video: its online, successful version (spec §2 public presentation video
 * page), as open as the schedule it is part of. None is 404 `not-found` (the page's 'No video').
 * The play counter counts plays of this same version.
 */
export async function openPublicVideo<E extends AppEnv>(
  c: Context<E>,
  presentationId: number,
  password: string | undefined,
): Promise<VersionWithFiles> {
  const presentation = await findForumPresentation(c.var.db, presentationId);
  if (!presentation) throw new DomainError(ErrorCode.PresentationNotFound);
  const event = await findEventById(c.var.db, presentation.eventId);
  if (!event) throw new DomainError(ErrorCode.EventNotFound);
  await assertEventReadable(c, event, password);
  const online = (await listVersions(c.var.db, presentationId)).find(
    ({ version }) => version.online && version.status === "success",
  );
  if (!online) throw new DomainError(ErrorCode.NotFound, "this presentation has no public video");
  return online;
}

/** `hh:mm:ss.mmm`, the WebVTT timestamp. */
function vttTime(ms: number): string {
  const whole = Math.max(0, Math.round(ms));
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  return `${pad(Math.floor(whole / 3_600_000))}:${pad(Math.floor(whole / 60_000) % 60)}:${pad(Math.floor(whole / 1000) % 60)}.${pad(whole % 1000, 3)}`;
}

/** Cue text may not hold markup: `&`, `<` and `>` (so no `-->` either) are escaped. */
const cueText = (text: string) =>
  text
    .replace(/[\r\n]+/g, " ")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");

/**
 * The chapters as a WebVTT `kind="chapters"` file: each chapter runs to the next one's start, the
 * last to the end of the video (an hour past its start while the duration is unknown).
 */
export function chaptersVtt(thumbnails: readonly ThumbnailView[], durationSeconds: number | null): string {
  const cues = thumbnails.map((chapter, index) => {
    const next = thumbnails[index + 1];
    const end = next ? next.time : durationSeconds !== null ? durationSeconds * 1000 : chapter.time + 3_600_000;
    const title = chapter.title?.trim() || String(index + 1);
    return `${index + 1}\n${vttTime(chapter.time)} --> ${vttTime(Math.max(end, chapter.time + 1))}\n${cueText(title)}\n`;
  });
  return ["WEBVTT", "", ...cues].join("\n");
}

/** What the public video page plays (docs/watch.md). */
export const publicVideoRoutes = new Hono<AppEnv>()
  .get("/presentation/:presentationId/video", valid("param", TalkParams), valid("query", PasswordQuery), async (c) => {
    const { presentationId } = c.req.valid("param");
    const version = toVersionView(await openPublicVideo(c, presentationId, c.req.valid("query").password));
    return c.json(
      {
        data: {
          versionId: version.versionId,
          date: version.date,
          option: version.option,
          video: version.video?.url ?? null,
          webcam: version.webcam?.url ?? null,
          pdfUrl: version.pdfUrl,
          duration: version.duration,
          thumbnails: version.thumbnails,
        },
      },
      200,
    );
  })
  .get(
    "/presentation/:presentationId/chapters.vtt",
    valid("param", TalkParams),
    valid("query", PasswordQuery),
    async (c) => {
      const { presentationId } = c.req.valid("param");
      const version = toVersionView(await openPublicVideo(c, presentationId, c.req.valid("query").password));
      return c.body(chaptersVtt(version.thumbnails, version.duration), 200, {
        "content-type": "text/vtt; charset=utf-8",
      });
    },
  );
