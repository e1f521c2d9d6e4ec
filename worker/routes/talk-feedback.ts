import { DomainError, ErrorCode } from "@core/errors";
import { feedbackCsv } from "@core/feedback/feedback-csv";
import { FeedbackInput } from "@core/feedback/feedback-input";
import { summarizeFeedback } from "@core/feedback/feedback-summary";
import { assertFeedbackOpen, feedbackPhase, feedbackWindow } from "@core/feedback/feedback-window";
import { type Context, Hono } from "hono";
import * as v from "valibot";
import enLabels from "../../locales/en/feedback-export.json";
import frLabels from "../../locales/fr/feedback-export.json";
import type { AppEnv } from "../app-env";
import { assertEventPassword } from "../auth/event-access";
import { assertSameEvent, requireSession, type SessionEnv } from "../auth/session";
import {
  findFeedbackTalk,
  findOwnFeedback,
  listEventFeedback,
  listTalkFeedback,
  saveFeedback,
  speaksTalk,
} from "../db/queries/talk-feedback";
import { requestLocale } from "../errors";
import { IdParam, valid } from "../validation";

type Env = AppEnv & SessionEnv;

const CSV_LABELS = { fr: frLabels, en: enLabels };
const PasswordQuery = v.object({ password: v.optional(v.pipe(v.string(), v.maxLength(200))) });
const PresentationParam = v.object({ presentationId: IdParam });

/**
 * The talk, for a member of its own event (a token of another event is refused like none, 401)
 * behind the event's password (401 `error.prompt-password`, 403 `error.invalid-password`); 404
 * for a talk that is not (or no longer) in the schedule.
 */
async function feedbackTalk(c: Context<Env>, presentationId: number, password: string | undefined) {
  const talk = await findFeedbackTalk(c.var.db, presentationId);
  if (!talk) throw new DomainError(ErrorCode.PresentationNotFound);
  assertSameEvent(c.var.session, talk.eventId);
  await assertEventPassword(talk.passwordHash, password);
  const window = feedbackWindow({ date: talk.date, time: talk.time }, { end: talk.eventEnd, timeZone: talk.timeZone });
  const ownTalk = await speaksTalk(c.var.db, talk.id, c.var.session.member.speakerId);
  return { talk, window, ownTalk };
}

/** The member's own rating of a talk, its window and where it stands now (docs/feedback.md). */
export const talkFeedbackRoutes = new Hono<Env>()
  .get(
    "/presentation/:presentationId/feedback",
    requireSession,
    valid("param", PresentationParam),
    valid("query", PasswordQuery),
    async (c) => {
      const { talk, window, ownTalk } = await feedbackTalk(
        c,
        c.req.valid("param").presentationId,
        c.req.valid("query").password,
      );
      const feedback = (await findOwnFeedback(c.var.db, talk.id, c.var.session.user.id)) ?? null;
      return c.json({ data: { feedback, ...window, phase: feedbackPhase(window, Date.now()), ownTalk } }, 200);
    },
  )
  .put(
    "/presentation/:presentationId/feedback",
    requireSession,
    valid("param", PresentationParam),
    valid("query", PasswordQuery),
    valid("json", FeedbackInput),
    async (c) => {
      const { session } = c.var;
      const { talk, window, ownTalk } = await feedbackTalk(
        c,
        c.req.valid("param").presentationId,
        c.req.valid("query").password,
      );
      if (ownTalk) throw new DomainError(ErrorCode.OwnTalkFeedback);
      const now = Date.now();
      assertFeedbackOpen(window, now);
      const { rating, comment } = c.req.valid("json");
      const feedback = await saveFeedback(c.var.db, {
        presentationId: talk.id,
        eventId: session.event.id,
        userId: session.user.id,
        rating,
        comment,
        at: now,
      });
      // Archived since it was read.
      if (!feedback) throw new DomainError(ErrorCode.PresentationNotFound);
      return c.json({ data: { feedback, ...window, phase: feedbackPhase(window, now), ownTalk } }, 200);
    },
  )
  .get(
    "/presentation/:presentationId/feedback/summary",
    requireSession,
    valid("param", PresentationParam),
    valid("query", PasswordQuery),
    async (c) => {
      const { talk, ownTalk } = await feedbackTalk(
        c,
        c.req.valid("param").presentationId,
        c.req.valid("query").password,
      );
      if (!ownTalk && !c.var.session.member.isModerator) throw new DomainError(ErrorCode.Forbidden);
      const records = await listTalkFeedback(c.var.db, talk.id);
      return c.json({ data: summarizeFeedback(records, { authorsVisible: talk.authorsVisible }) }, 200);
    },
  )
  // Downloaded with fetch and the bearer header, as the quiz results export.
  .get(
    "/feedback/:eventId/export.csv",
    requireSession,
    valid("param", v.object({ eventId: IdParam })),
    valid("query", PasswordQuery),
    async (c) => {
      const { session } = c.var;
      const { eventId } = c.req.valid("param");
      assertSameEvent(session, eventId);
      await assertEventPassword(session.event.passwordHash, c.req.valid("query").password);
      if (!session.member.isModerator) throw new DomainError(ErrorCode.Forbidden);
      const { event } = session;
      const rows = await listEventFeedback(c.var.db, eventId);
      const csv = feedbackCsv({
        labels: CSV_LABELS[requestLocale(c)],
        rows,
        authorsVisible: event.feedbackAuthorsVisible,
      });
      return c.body(csv, 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="feedback-${event.slug}.csv"`,
      });
    },
  );
