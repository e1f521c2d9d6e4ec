import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { useEvent } from "../../app-state/event-schedule-context";
import { QuizLoginPage } from "../../features/quiz/quiz-login-page";

export const Route = createFileRoute("/$slug/quiz-live")({
  /** The big screen's join link carries the code: `/{slug}/quiz-live?code=123456`. */
  validateSearch: v.object({ code: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^\d{6}$/))), undefined) }),
  component: QuizLive,
});

/** Spec §2 quiz login: join code and nickname, then Enter. */
function QuizLive() {
  const { slug } = Route.useParams();
  const { code } = Route.useSearch();
  const event = useEvent();
  return <QuizLoginPage slug={slug} event={event} initialCode={code ?? ""} />;
}
