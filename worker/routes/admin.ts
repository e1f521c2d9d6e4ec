import { MAX_ARCHIVE_BYTES, MAX_ARCHIVE_FILE_BYTES } from "@core/archive/format";
import { PersonName } from "@core/auth/schemas";
import { DomainError, ErrorCode } from "@core/errors";
import { parseFrabSchedule } from "@core/schedule/frab";
import { toSingleLineText } from "@core/text/plain-text";
import { type Context, Hono } from "hono";
import * as v from "valibot";
import enIssues from "../../locales/en/validation.json";
import frIssues from "../../locales/fr/validation.json";
import type { AppEnv } from "../app-env";
import { checkArchive, eventFileKeys, exportEventArchive, restoreEventArchive } from "../archive/event-archive";
import { requireAdmin } from "../auth/admin";
import { limitBody } from "../body-limit";
import { findEventBySlug } from "../db/queries/events";
import { importSchedule } from "../db/queries/import-schedule";
import { outboxReport } from "../db/queries/mail-outbox";
import { findSpeakerId, upsertMember } from "../db/queries/members";
import { processorsReport } from "../db/queries/processors";
import { emailOutbox } from "../db/schema";
import { requestLocale } from "../errors";
import { InvalidInput } from "../invalid-input";
import { SlugParam, valid } from "../validation";
import { scheduleIssueMessage } from "./schedule-issue-messages";

const MAX_SCHEDULE_BYTES = 20 * 1024 * 1024;
const MAX_ISSUES_SHOWN = 50;

const MemberBody = v.object({
  email: v.pipe(v.string(), v.trim(), v.email(), v.maxLength(254)),
  name: PersonName,
  password: v.pipe(v.string(), v.minLength(6), v.maxLength(200)),
  locale: v.optional(v.picklist(["fr", "en"]), "fr"),
  /** Left out, a role keeps its stored value (off for a new member). */
  isSpeaker: v.optional(v.boolean()),
  isModerator: v.optional(v.boolean()),
  /** The schedule's id of the speaker the account speaks as; null removes the link, left out keeps it. */
  speakerExternalId: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(200)))),
  /** The association the account speaks for, by name: badges their forum posts; null removes it. */
  association: v.optional(v.nullable(v.pipe(v.string(), toSingleLineText, v.trim(), v.minLength(1), v.maxLength(200)))),
});

const UNKNOWN_SPEAKER = {
  en: enIssues["member-unknown-speaker"],
  fr: frIssues["member-unknown-speaker"],
};

/**
 * The speaker a member speaks as, by the schedule's id: undefined keeps the stored one, null
 * removes it, and an id the event's schedule does not have is refused (400 naming the field)
 * rather than stored as no speaker.
 */
async function speakerIdOf(c: Context<AppEnv>, eventId: number, externalId: string | null | undefined) {
  if (externalId === undefined || externalId === null) return externalId;
  const speakerId = await findSpeakerId(c.var.db, eventId, externalId);
  if (speakerId === undefined) {
    throw new InvalidInput([{ path: "body.speakerExternalId", message: UNKNOWN_SPEAKER[requestLocale(c)] }]);
  }
  return speakerId;
}

const FileKeyQuery = v.object({ key: v.pipe(v.string(), v.minLength(1), v.maxLength(1024)) });

/** A key the event's rows name now; anything else is unknown to the archive routes (404). */
async function archiveFileKey(c: Context<AppEnv>, slug: string, key: string): Promise<string> {
  const keys = await eventFileKeys(c.env, slug);
  if (!keys) throw new DomainError(ErrorCode.EventNotFound);
  if (!keys.has(key)) throw new DomainError(ErrorCode.NotFound);
  return key;
}

const MailQuery = v.object({
  status: v.optional(v.picklist(emailOutbox.status.enumValues)),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/), v.transform(Number), v.minValue(1), v.maxValue(200)),
    "50",
  ),
});

/**
 * Operator API used by `npm run import`, `npm run export`, `npm run import-archive` and the demo
 * seed, and the mail delivery report.
 */
export const adminRoutes = new Hono<AppEnv>()
  .use("/admin/*", requireAdmin)
  .get("/admin/processors", async (c) => c.json({ data: await processorsReport(c.var.db) }, 200))
  .get("/admin/mail", valid("query", MailQuery), async (c) => {
    const { status, limit } = c.req.valid("query");
    return c.json({ data: await outboxReport(c.var.db, { status, limit: Number(limit) }) }, 200);
  })
  .put(
    "/admin/events/:slug/schedule",
    limitBody(MAX_SCHEDULE_BYTES),
    valid("param", v.object({ slug: SlugParam })),
    valid("json", v.unknown()),
    async (c) => {
      const parsed = parseFrabSchedule(c.req.valid("json"), c.req.valid("param").slug);
      if (!parsed.ok) {
        const locale = requestLocale(c);
        const shown = parsed.issues.slice(0, MAX_ISSUES_SHOWN).map((issue) => ({
          path: issue.path ? `body.${issue.path}` : "body",
          message: scheduleIssueMessage(issue, locale),
        }));
        const more = parsed.issues.length - shown.length;
        const moreText = scheduleIssueMessage({ key: "schedule-more", values: { count: String(more) } }, locale);
        const moreIssue = { path: "body", message: moreText };
        throw new InvalidInput(more > 0 ? [...shown, moreIssue] : shown);
      }
      return c.json({ data: await importSchedule(c.var.db, parsed.schedule) }, 200);
    },
  )
  .put(
    "/admin/events/:slug/members",
    valid("param", v.object({ slug: SlugParam })),
    valid("json", MemberBody),
    async (c) => {
      const event = await findEventBySlug(c.var.db, c.req.valid("param").slug);
      if (!event) throw new DomainError(ErrorCode.EventNotFound);
      const { speakerExternalId, ...member } = c.req.valid("json");
      const speakerId = await speakerIdOf(c, event.id, speakerExternalId);
      return c.json({ data: await upsertMember(c.var.db, event.id, { ...member, speakerId }) }, 200);
    },
  )
  .get("/admin/events/:slug/archive", valid("param", v.object({ slug: SlugParam })), async (c) => {
    const archive = await exportEventArchive(c.env, c.req.valid("param").slug);
    if (!archive) throw new DomainError(ErrorCode.EventNotFound);
    c.header("Cache-Control", "private, no-store");
    return c.json({ data: archive }, 200);
  })
  .post("/admin/archive", limitBody(MAX_ARCHIVE_BYTES), valid("json", v.unknown()), async (c) => {
    const locale = requestLocale(c);
    const archive = checkArchive(c.req.valid("json"), locale);
    return c.json({ data: await restoreEventArchive(c.env, archive, locale) }, 201);
  })
  .get(
    "/admin/events/:slug/archive/files",
    valid("param", v.object({ slug: SlugParam })),
    valid("query", FileKeyQuery),
    async (c) => {
      const key = await archiveFileKey(c, c.req.valid("param").slug, c.req.valid("query").key);
      const object = await c.env.FILES.get(key);
      if (!object) throw new DomainError(ErrorCode.NotFound);
      const headers = new Headers({ "content-length": String(object.size), "cache-control": "private, no-store" });
      headers.set("content-type", object.httpMetadata?.contentType ?? "application/octet-stream");
      if (object.httpMetadata?.cacheControl) headers.set("x-file-cache-control", object.httpMetadata.cacheControl);
      return new Response(object.body, { status: 200, headers });
    },
  )
  .put(
    "/admin/events/:slug/archive/files",
    limitBody(MAX_ARCHIVE_FILE_BYTES),
    valid("param", v.object({ slug: SlugParam })),
    valid("query", FileKeyQuery),
    async (c) => {
      const key = await archiveFileKey(c, c.req.valid("param").slug, c.req.valid("query").key);
      const bytes = await c.req.arrayBuffer();
      const cacheControl = c.req.header("x-file-cache-control");
      await c.env.FILES.put(key, bytes, {
        httpMetadata: {
          contentType: c.req.header("content-type") ?? "application/octet-stream",
          ...(cacheControl ? { cacheControl } : {}),
        },
      });
      return c.json({ data: { key, size: bytes.byteLength } }, 200);
    },
  );
