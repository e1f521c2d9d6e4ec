import { DomainError, ErrorCode } from "@core/errors";
import type { Context } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { assertEventMemberUnlessOpen } from "../auth/event-access";
import type { Session, SessionEnv } from "../auth/session";
import { openManagedQuiz, openQuiz } from "../room-access/quiz-access";
import { IdParam } from "../validation";

/** `/quiz/:presentationId/…`: the presentation whose quiz the call is about. */
export const QuizPresentationParam = v.object({ presentationId: IdParam });

/**
 * A quiz route's context once `valid("param", QuizPresentationParam)` and
 * `valid("query", QuizPasswordQuery)` ran (a route whose param or query carry more fits too);
 * a route without them does not compile.
 */
export type QuizRouteInput = { out: { param: { presentationId: number }; query: { password?: string | undefined } } };

/**
 * The route's presentation, once `openQuiz` lets the caller in (same event, password, quiz on)
 * and, for a caller without the route's session, the event's anonymous-access rule does too.
 */
export async function openRouteQuiz<E extends AppEnv, I extends QuizRouteInput>(c: Context<E, string, I>) {
  // A route without `requireSession` has no session: the caller is then the password, and the
  // bearer token the anonymous-access rule reads when the event lets no one in anonymously.
  const { session } = c.var as { session?: Session };
  const caller = { session, password: c.req.valid("query").password };
  const presentation = await openQuiz(c.var.db, c.req.valid("param").presentationId, caller);
  // `openQuiz` refused a session of another event: a route's session is a member of this one.
  if (!session) {
    await assertEventMemberUnlessOpen(c, {
      id: presentation.eventId,
      allowAnonymousAccess: presentation.eventAllowsAnonymous,
    });
  }
  return presentation;
}

/**
 * The route's presentation, once the signed-in caller is also checked as its quiz's manager.
 * The route runs `requireSession` first; a sub-app whose other routes are public types the
 * session as optional, hence the check.
 */
export function openRouteManagedQuiz<E extends AppEnv & Partial<SessionEnv>, I extends QuizRouteInput>(
  c: Context<E, string, I>,
) {
  const { session } = c.var as { session?: Session };
  if (!session) throw new DomainError(ErrorCode.Unauthorized);
  const caller = { session, password: c.req.valid("query").password };
  return openManagedQuiz(c.var.db, c.req.valid("param").presentationId, caller);
}
