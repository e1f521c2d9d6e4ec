import type { HonoRequest } from "hono";
import * as v from "valibot";
import type { Session } from "../auth/session";
import type { Database } from "../db/client";
import { openManagedQuiz, openQuiz } from "../rooms/quiz-access";
import { IdParam } from "../validation";

/** `/quiz/:presentationId/…`: the presentation whose quiz the call is about. */
export const QuizPresentationParam = v.object({ presentationId: IdParam });

/**
 * What a quiz route's handler sees once `valid("param", …)` and `valid("query", …)` ran: the
 * presentation id and the event's password (`QuizPasswordQuery`), and the session when the route
 * requires one. Written structurally so routes whose param or query carry more still fit.
 */
export interface QuizRouteContext<S extends { session?: Session | undefined } = { session?: Session | undefined }> {
  var: { db: Database } & S;
  req: HonoRequest<string, { param: { presentationId: number }; query: { password?: string | undefined } }>;
}

/** The route's presentation, once `openQuiz` lets the caller in (same event, password, quiz on). */
export function openRouteQuiz(c: QuizRouteContext) {
  const caller = { session: c.var.session, password: c.req.valid("query").password };
  return openQuiz(c.var.db, c.req.valid("param").presentationId, caller);
}

/** The route's presentation, once the signed-in caller is also checked as its quiz's manager. */
export function openRouteManagedQuiz(c: QuizRouteContext<{ session: Session }>) {
  const caller = { session: c.var.session, password: c.req.valid("query").password };
  return openManagedQuiz(c.var.db, c.req.valid("param").presentationId, caller);
}
