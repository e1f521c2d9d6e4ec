import type { QuizStatusView } from "@core/quiz/leaderboard-table";
import { type QuizEntry, quizEntry } from "@core/quiz/quiz-entry";
import { type RefObject, useEffect, useState } from "react";
import { passwordQuery, useOpenedEventPassword } from "../app-state/event-caller";
import { useEvent } from "../app-state/event-schedule-context";
import { useSession } from "../app-state/session";
import { answerOf, api, callOptions } from "./api";

/**
 * A status read this recently is used again: the cards, the talk page's tabs and the quiz page
 * of one talk ask once, and a lobby opened since shows within this time.
 */
const STATUS_FRESH_MS = 30_000;
/** How far outside the screen a card asks for its quiz's status before it scrolls in. */
const NEAR_SCREEN = "600px 0px";

const asked = new Map<string, { at: number; answer: Promise<QuizStatusView> }>();

function quizStatus(presentationId: number, password: string | null, token: string | null): Promise<QuizStatusView> {
  const key = `${presentationId}:${password ?? ""}:${token ?? ""}`;
  const known = asked.get(key);
  if (known && Date.now() - known.at < STATUS_FRESH_MS) return known.answer;
  const request = api.quiz[":presentationId"].status.$get(
    { param: { presentationId: String(presentationId) }, query: passwordQuery({ password }) },
    // An event that lets no one in anonymously answers its members only.
    callOptions(token),
  );
  const answer = answerOf(request).then((body) => body.data);
  // A failed call is asked again next time rather than remembered.
  answer.catch(() => asked.delete(key));
  asked.set(key, { at: Date.now(), answer });
  return answer;
}

/**
 * The public status of a talk's quiz (`GET /api/quiz/{id}/status`): null while it loads, when
 * `enabled` is false, or when the call failed.
 */
export function useQuizStatus(presentationId: number, enabled: boolean): QuizStatusView | null {
  const password = useOpenedEventPassword();
  const [session] = useSession(useEvent().slug);
  const token = session?.token ?? null;
  const [status, setStatus] = useState<QuizStatusView | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let current = true;
    quizStatus(presentationId, password, token).then(
      (answer) => current && setStatus(answer),
      () => current && setStatus(null),
    );
    return () => {
      current = false;
    };
  }, [presentationId, password, token, enabled]);
  return status;
}

/** Where the talk's QUIZ entry leads now (core/quiz/quiz-entry.ts); null while unknown. */
export function useQuizEntry(presentationId: number, enabled: boolean): QuizEntry | null {
  const status = useQuizStatus(presentationId, enabled);
  return status ? quizEntry(status) : null;
}

/** Whether the element has come near the screen (and stays counted so once it has). */
export function useNearScreen(element: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const target = element.current;
    if (near || !target) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: NEAR_SCREEN },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [element, near]);
  return near;
}
