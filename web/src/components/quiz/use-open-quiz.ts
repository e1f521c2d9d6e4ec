import { useRouter } from "@tanstack/react-router";
import { useCallback, useState } from "react";
import { passwordQuery, useOpenedEventPassword } from "../../app-state/event-caller";
import { useEventSchedule } from "../../app-state/event-schedule-context";
import { useSession } from "../../app-state/session";
import { answerOf, api, callOptions } from "../../lib/api";

/**
 * QUIZ (spec §4): a live check decides where it leads, the live quiz's waiting page
 * (`quiz-intro`) or the self-paced quiz (`quiz`). Should the check fail, the self-paced page
 * says itself when the quiz is live.
 */
export function useOpenQuiz(presentationId: number, basePath: string, href: (path: string) => string) {
  const router = useRouter();
  const [checking, setChecking] = useState(false);
  const password = useOpenedEventPassword();
  const [session] = useSession(useEventSchedule().event.slug);
  const open = useCallback(async () => {
    setChecking(true);
    const request = api.quiz["check-live"].$post(
      { query: passwordQuery({ password }), json: { _id: presentationId } },
      // An event that lets no one in anonymously answers its members only.
      callOptions(session?.token ?? null),
    );
    const live = await answerOf(request)
      .then((answer) => answer.live)
      .catch(() => false);
    setChecking(false);
    router.history.push(href(`${basePath}/${live ? "quiz-intro" : "quiz"}`));
  }, [router, presentationId, basePath, href, password, session]);
  return { open, checking };
}
