import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { eventPasswordAtom } from "../../app-state/event-password";
import { answerOf, api, callOptions } from "../../lib/api";

/** What the quiz top bar needs to know of a presentation's quiz (GET /api/quiz/{id}/status). */
interface QuizStatus {
  live: boolean;
  has_questions: boolean;
  has_results: boolean;
  non_live_questions_active: boolean;
  non_live_results_active: boolean;
}

/** The quiz status, or null while it loads or when the call failed (the tabs then hide "Quiz results"). */
export function useQuizStatus(slug: string, presentationId: number, enabled: boolean): QuizStatus | null {
  const password = useAtomValue(eventPasswordAtom(slug));
  const [status, setStatus] = useState<QuizStatus | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const abort = new AbortController();
    const request = api.quiz[":presentationId"].status.$get(
      { param: { presentationId: String(presentationId) }, query: { password: password ?? undefined } },
      callOptions(undefined, abort.signal),
    );
    answerOf(request)
      .then((answer) => setStatus(answer.data))
      .catch(() => setStatus(null));
    return () => abort.abort();
  }, [presentationId, password, enabled]);
  return status;
}
