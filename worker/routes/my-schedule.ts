import { DomainError, ErrorCode } from "@core/errors";
import { type Context, Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { assertEventPassword } from "../auth/event-access";
import { assertSameEvent, requireSession, type SessionEnv } from "../auth/session";
import { addToMySchedule, myScheduleIds, removeFromMySchedule, schedulers } from "../db/queries/my-schedule";
import { loadPublicPresentation } from "../db/queries/public-schedule";
import { IdParam, valid } from "../validation";

type Env = AppEnv & SessionEnv;

const PasswordQuery = v.object({ password: v.optional(v.pipe(v.string(), v.maxLength(200))) });

/** The presentation of the session's event, behind the event's password; 404 otherwise. */
async function presentationOfSession(c: Context<Env>, eventId: number, presentationId: number, password?: string) {
  const { session } = c.var;
  assertSameEvent(session, eventId);
  await assertEventPassword(session.event.passwordHash, password);
  const presentation = await loadPublicPresentation(c.var.db, session.event, presentationId);
  if (!presentation) throw new DomainError(ErrorCode.PresentationNotFound);
  return presentation;
}

/** A user changes only their own schedule. */
function assertOwnUser(c: Context<Env>, userId: number) {
  if (c.var.session.user.id !== userId) throw new DomainError(ErrorCode.Forbidden);
}

export const myScheduleRoutes = new Hono<Env>()
  .patch(
    "/speaker-data/:presentationId/my-schedule/:eventId",
    requireSession,
    valid("param", v.object({ presentationId: IdParam, eventId: IdParam })),
    valid("query", PasswordQuery),
    valid("json", v.object({ id: v.pipe(v.number(), v.integer()) })),
    async (c) => {
      const { presentationId, eventId } = c.req.valid("param");
      assertOwnUser(c, c.req.valid("json").id);
      const presentation = await presentationOfSession(c, eventId, presentationId, c.req.valid("query").password);
      const added = await addToMySchedule(c.var.db, { userId: c.var.session.user.id, eventId, presentationId });
      // Archived since it was read.
      if (!added) throw new DomainError(ErrorCode.PresentationNotFound);
      return c.json({ data: { ...presentation, users: await schedulers(c.var.db, presentationId) } }, 200);
    },
  )
  .delete(
    "/speaker-data/:presentationId/my-schedule/:eventId/:userId",
    requireSession,
    valid("param", v.object({ presentationId: IdParam, eventId: IdParam, userId: IdParam })),
    valid("query", PasswordQuery),
    async (c) => {
      const { presentationId, eventId, userId } = c.req.valid("param");
      assertOwnUser(c, userId);
      const presentation = await presentationOfSession(c, eventId, presentationId, c.req.valid("query").password);
      await removeFromMySchedule(c.var.db, userId, presentationId);
      return c.json({ data: { ...presentation, users: await schedulers(c.var.db, presentationId) } }, 200);
    },
  )
  .get("/me/schedule", requireSession, async (c) => {
    const { user, event } = c.var.session;
    return c.json({ data: { presentationIds: await myScheduleIds(c.var.db, user.id, event.id) } }, 200);
  });
