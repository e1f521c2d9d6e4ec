import { PersonName } from "@core/auth/schemas";
import { DomainError, ErrorCode } from "@core/errors";
import { parseFrabSchedule } from "@core/schedule/frab";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { requireAdmin } from "../auth/admin";
import { findEventBySlug } from "../db/queries/events";
import { importSchedule } from "../db/queries/import-schedule";
import { upsertMember } from "../db/queries/members";
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
  isSpeaker: v.optional(v.boolean(), false),
  isModerator: v.optional(v.boolean(), false),
  speakerExternalId: v.optional(v.pipe(v.string(), v.maxLength(200))),
  /** The association the account speaks for, by name: badges their forum posts; null removes it. */
  association: v.optional(v.nullable(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)))),
});

/** Operator API used by `npm run import` and the demo seed. */
export const adminRoutes = new Hono<AppEnv>()
  .use("/admin/*", requireAdmin)
  .put(
    "/admin/events/:slug/schedule",
    bodyLimit({
      maxSize: MAX_SCHEDULE_BYTES,
      onError: () => {
        throw new DomainError(ErrorCode.PayloadTooLarge);
      },
    }),
    valid("param", v.object({ slug: SlugParam })),
    valid("json", v.unknown()),
    async (c) => {
      const parsed = parseFrabSchedule(c.req.valid("json"), c.req.valid("param").slug);
      if (!parsed.ok) {
        const locale = requestLocale(c);
        const shown = parsed.issues.slice(0, MAX_ISSUES_SHOWN).map((issue) => ({
          path: issue.path ? `body.${issue.path}` : "body",
          message: scheduleIssueMessage(issue.message, locale),
        }));
        const more = parsed.issues.length - shown.length;
        const moreIssue = { path: "body", message: scheduleIssueMessage(`… and ${more} more`, locale) };
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
      return c.json({ data: await upsertMember(c.var.db, event.id, c.req.valid("json")) }, 200);
    },
  );
