import { DomainError, ErrorCode } from "@core/errors";
import { Id } from "@core/ids";
import { sharedQuestion } from "@core/qa/changes";
import {
  initialStatus,
  mayAskAnonymously,
  mayReword,
  QA_ASKS_PER_MINUTE,
  QA_REWORDS_PER_MINUTE,
  QaText,
} from "@core/qa/rules";
import { type Context, Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { admitPerUser } from "../auth/rate-limit";
import { optionalSession, type Session, type SessionEnv } from "../auth/session";
import {
  createQuestion,
  findQaSettings,
  findQuestion,
  findQuestionView,
  listQuestions,
  rewordQuestion,
  saveQaSettings,
  setFeaturedQuestion,
  setQuestionState,
  setVote,
} from "../db/queries/qa";
import { findScreenLink } from "../db/queries/quiz-screen-links";
import { speaksTalk } from "../db/queries/talk-feedback";
import { admitForumWriter, admitToForum } from "../room-access/forum-access";
import { publishQaChange } from "../room-feeds/qa-feed";
import { IdParam, valid } from "../validation";
import { ScreenToken } from "./quiz-screen";

type Env = AppEnv & Partial<SessionEnv>;

const PasswordQuery = v.object({ password: v.optional(v.pipe(v.string(), v.maxLength(200))) });
const PresentationParam = v.object({ presentationId: IdParam });
const QuestionParam = v.object({ questionId: IdParam });

/** What a moderator decides on a question: approve or reopen (`open`), mark `answered`, hide or show. */
const QuestionDecision = v.pipe(
  v.strictObject({ status: v.optional(v.picklist(["open", "answered"])), hidden: v.optional(v.boolean()) }),
  v.check((body) => body.status !== undefined || body.hidden !== undefined, "status or hidden is required"),
);
const SettingsBody = v.strictObject({ requireApproval: v.boolean(), allowAnonymous: v.boolean() });
const AskBody = v.strictObject({ question: QaText, anonymous: v.optional(v.boolean(), false) });
const RewordBody = v.strictObject({ question: QaText });

/** Who may do what in a talk's Q&A: moderators decide; they and the talk's speakers see the queue. */
async function rolesOf(c: Context<Env>, presentationId: number, session: Session | undefined) {
  const moderator = session?.member.isModerator ?? false;
  const speaker = session ? await speaksTalk(c.var.db, presentationId, session.member.speakerId) : false;
  return { moderator, seesQueue: moderator || speaker };
}

/** A question of a talk the writer may reach: pending and hidden ones only for those who see the queue. */
async function questionFor(c: Context<Env>, questionId: number, password: string | undefined) {
  const question = await findQuestion(c.var.db, questionId);
  if (!question) throw new DomainError(ErrorCode.NotFound);
  const { event, session } = await admitForumWriter(c.var.db, question.presentationId, {
    session: c.var.session,
    password,
  });
  const moderator = session.member.isModerator;
  // Who sees the queue is read only for a question in it or hidden: a vote on a shown one costs no extra query.
  const unlisted = question.hidden || question.status === "pending";
  if (unlisted && !moderator && !(await rolesOf(c, question.presentationId, session)).seesQueue) {
    throw new DomainError(ErrorCode.NotFound);
  }
  return { question, event, session, moderator };
}

async function vote(c: Context<Env>, questionId: number, password: string | undefined, voted: boolean) {
  const { question, session } = await questionFor(c, questionId, password);
  const result = await setVote(c.var.db, { questionId: question.id, userId: session.user.id, voted });
  // A vote for a question that cannot take one (pending, answered, hidden) is refused, not ignored.
  if (voted && !result.changed && (question.status !== "open" || question.hidden)) {
    throw new DomainError(ErrorCode.Conflict);
  }
  if (result.changed) {
    await publishQaChange(c.env, question.presentationId, {
      type: "qa_votes",
      data: { id: question.id, votes: result.votes },
    });
  }
  return c.json({ data: { id: question.id, votes: result.votes, voted_by_user: voted } }, 200);
}

async function viewOrFail(c: Context<Env>, questionId: number, viewerId: number) {
  const view = await findQuestionView(c.var.db, questionId, viewerId);
  if (!view) throw new DomainError(ErrorCode.NotFound);
  return view;
}

/**
 * Audience Q&A of a talk (docs/qa.md), read by whoever may read its forum, asked and voted by its
 * event's members, moderated by its moderators. Every change is pushed through the talk's forum room.
 */
export const qaRoutes = new Hono<Env>()
  .get(
    "/qa/:presentationId/questions",
    optionalSession,
    valid("param", PresentationParam),
    valid("query", PasswordQuery),
    async (c) => {
      const { presentationId } = c.req.valid("param");
      const { event, session } = await admitToForum(c.var.db, presentationId, {
        session: c.var.session,
        password: c.req.valid("query").password,
      });
      const roles = await rolesOf(c, presentationId, session);
      const viewerId = session?.user.id ?? null;
      const settings = await findQaSettings(c.var.db, presentationId);
      const shown = await listQuestions(c.var.db, presentationId, {
        viewerId,
        statuses: ["open", "answered"],
        withHidden: roles.seesQueue,
      });
      // Who does not see the queue reads their own questions in it alone, to follow and reword them.
      const queue = roles.seesQueue
        ? await listQuestions(c.var.db, presentationId, { viewerId, statuses: ["pending"], withHidden: true })
        : viewerId === null
          ? []
          : await listQuestions(c.var.db, presentationId, {
              viewerId,
              statuses: ["pending"],
              withHidden: false,
              askerId: viewerId,
            });
      const { featuredId, ...rules } = settings;
      return c.json(
        {
          data: {
            questions: shown.filter((question) => question.status === "open" && !question.hidden),
            answered: shown.filter((question) => question.status === "answered" && !question.hidden),
            queue,
            hidden: shown.filter((question) => question.hidden),
            settings: rules,
            featured_id: featuredId,
            may_ask_anonymously: mayAskAnonymously(event, rules),
            can_moderate: roles.moderator,
            sees_queue: roles.seesQueue,
          },
        },
        200,
      );
    },
  )
  .post(
    "/qa/:presentationId/questions",
    optionalSession,
    valid("param", PresentationParam),
    valid("query", PasswordQuery),
    valid("json", AskBody),
    async (c) => {
      const { presentationId } = c.req.valid("param");
      const { event, session } = await admitForumWriter(c.var.db, presentationId, {
        session: c.var.session,
        password: c.req.valid("query").password,
      });
      const { question, anonymous } = c.req.valid("json");
      const settings = await findQaSettings(c.var.db, presentationId);
      if (anonymous && !mayAskAnonymously(event, settings)) throw new DomainError(ErrorCode.QaAnonymousOff);
      await admitPerUser(c.var.db, "qa-ask", session.user.id, QA_ASKS_PER_MINUTE);
      const status = initialStatus(settings, session.member);
      const id = await createQuestion(c.var.db, {
        presentationId,
        userId: session.user.id,
        body: question,
        anonymous,
        status,
      });
      const view = await viewOrFail(c, id, session.user.id);
      await publishQaChange(
        c.env,
        presentationId,
        status === "pending"
          ? { type: "qa_queue", data: { id } }
          : { type: "qa_question", data: { question: sharedQuestion(view) } },
      );
      return c.json({ data: view }, 201);
    },
  )
  .post(
    "/qa/questions/:questionId/vote",
    optionalSession,
    valid("param", QuestionParam),
    valid("query", PasswordQuery),
    (c) => vote(c, c.req.valid("param").questionId, c.req.valid("query").password, true),
  )
  .delete(
    "/qa/questions/:questionId/vote",
    optionalSession,
    valid("param", QuestionParam),
    valid("query", PasswordQuery),
    (c) => vote(c, c.req.valid("param").questionId, c.req.valid("query").password, false),
  )
  .patch(
    "/qa/questions/:questionId",
    optionalSession,
    valid("param", QuestionParam),
    valid("query", PasswordQuery),
    valid("json", QuestionDecision),
    async (c) => {
      const { question, session, moderator } = await questionFor(
        c,
        c.req.valid("param").questionId,
        c.req.valid("query").password,
      );
      if (!moderator) throw new DomainError(ErrorCode.Forbidden);
      const decision = c.req.valid("json");
      if (!(await setQuestionState(c.var.db, question.presentationId, question.id, decision))) {
        throw new DomainError(ErrorCode.NotFound);
      }
      const view = await viewOrFail(c, question.id, session.user.id);
      const { presentationId } = question;
      if (view.hidden) {
        await publishQaChange(c.env, presentationId, { type: "qa_removed", data: { id: view.id } });
      } else {
        await publishQaChange(c.env, presentationId, { type: "qa_question", data: { question: sharedQuestion(view) } });
      }
      // Leaving the queue changes it for those who watch it.
      if (question.status === "pending")
        await publishQaChange(c.env, presentationId, { type: "qa_queue", data: { id: view.id } });
      return c.json({ data: view }, 200);
    },
  )
  // The asker rewords their question while nobody voted for it and no moderator answered or hid it.
  .put(
    "/qa/questions/:questionId/text",
    optionalSession,
    valid("param", QuestionParam),
    valid("query", PasswordQuery),
    valid("json", RewordBody),
    async (c) => {
      const questionId = c.req.valid("param").questionId;
      const found = await findQuestion(c.var.db, questionId);
      if (!found) throw new DomainError(ErrorCode.NotFound);
      const { session } = await admitForumWriter(c.var.db, found.presentationId, {
        session: c.var.session,
        password: c.req.valid("query").password,
      });
      // Another member learns no more of a pending or hidden question than questionFor tells.
      if (found.userId !== session.user.id) {
        await questionFor(c, questionId, c.req.valid("query").password);
        throw new DomainError(ErrorCode.Forbidden);
      }
      if (!mayReword(found)) throw new DomainError(ErrorCode.QaQuestionLocked);
      await admitPerUser(c.var.db, "qa-reword", session.user.id, QA_REWORDS_PER_MINUTE);
      const reworded = { ...found, userId: session.user.id, body: c.req.valid("json").question };
      if (!(await rewordQuestion(c.var.db, reworded))) throw new DomainError(ErrorCode.QaQuestionLocked);
      const view = await viewOrFail(c, questionId, session.user.id);
      await publishQaChange(
        c.env,
        found.presentationId,
        view.status === "pending"
          ? { type: "qa_queue", data: { id: view.id } }
          : { type: "qa_question", data: { question: sharedQuestion(view) } },
      );
      return c.json({ data: view }, 200);
    },
  )
  .put(
    "/qa/:presentationId/settings",
    optionalSession,
    valid("param", PresentationParam),
    valid("query", PasswordQuery),
    valid("json", SettingsBody),
    async (c) => {
      const { presentationId } = c.req.valid("param");
      const { session } = await admitForumWriter(c.var.db, presentationId, {
        session: c.var.session,
        password: c.req.valid("query").password,
      });
      if (!session.member.isModerator) throw new DomainError(ErrorCode.Forbidden);
      const settings = c.req.valid("json");
      await saveQaSettings(c.var.db, presentationId, settings);
      await publishQaChange(c.env, presentationId, { type: "qa_settings", data: settings });
      return c.json({ data: settings }, 200);
    },
  )
  .put(
    "/qa/:presentationId/featured",
    optionalSession,
    valid("param", PresentationParam),
    valid("query", PasswordQuery),
    valid("json", v.strictObject({ questionId: v.nullable(Id) })),
    async (c) => {
      const { presentationId } = c.req.valid("param");
      const { session } = await admitForumWriter(c.var.db, presentationId, {
        session: c.var.session,
        password: c.req.valid("query").password,
      });
      if (!session.member.isModerator) throw new DomainError(ErrorCode.Forbidden);
      const { questionId } = c.req.valid("json");
      // Invariant: the featured question is one of this talk's, shown to everyone.
      if (!(await setFeaturedQuestion(c.var.db, presentationId, questionId))) {
        throw new DomainError(ErrorCode.ForeignId, "questionId: not a shown question of this talk");
      }
      await publishQaChange(c.env, presentationId, { type: "qa_featured", data: { id: questionId } });
      return c.json({ data: { featured_id: questionId } }, 200);
    },
  )
  // The quiz's big-screen link shows the featured question when no quiz question is open.
  .get("/qa/screen/:token", valid("param", v.object({ token: ScreenToken })), async (c) => {
    const link = await findScreenLink(c.var.db, c.req.valid("param").token);
    if (!link || link.archived) throw new DomainError(ErrorCode.NotFound);
    const { featuredId } = await findQaSettings(c.var.db, link.presentationId);
    const featured = featuredId === null ? undefined : await findQuestionView(c.var.db, featuredId, null);
    const shown = featured && !featured.hidden && featured.status !== "pending" ? featured : null;
    c.header("Cache-Control", "no-store");
    return c.json({ data: { featured: shown } }, 200);
  });
