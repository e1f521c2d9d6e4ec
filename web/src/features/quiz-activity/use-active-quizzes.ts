import type { ActiveQuiz } from "@core/quiz/active-quizzes";
import { useAtomValue } from "jotai";
import { useEffect, useState } from "react";
import { eventPasswordAtom } from "../../app-state/event-password";
import { useEventSchedule } from "../../app-state/event-schedule-context";
import { useSession } from "../../app-state/session";
import { fetchActiveQuizzes } from "./quiz-activity-api";
import { connectQuizActivityRoom } from "./quiz-activity-socket";

/**
 * The event's presentations with self-paced questions or results open, kept current: read once
 * through the API for the first paint, then replaced by every list the activity room pushes
 * (on each connection and each change). Null until a first list came, and for an event without
 * the quiz.
 */
export function useActiveQuizzes(slug: string): ActiveQuiz[] | null {
  const { event } = useEventSchedule();
  const password = useAtomValue(eventPasswordAtom(slug));
  const [session] = useSession(slug);
  const token = session?.token ?? null;
  const [presentations, setPresentations] = useState<ActiveQuiz[] | null>(null);

  useEffect(() => {
    if (!event.quiz) return;
    const controller = new AbortController();
    // A pushed list is newer than any answer of the API still on its way.
    let pushed = false;
    fetchActiveQuizzes(slug, password, controller.signal).then(
      (list) => {
        if (!pushed) setPresentations(list);
      },
      () => {
        // The room's first message brings the list as well; nothing to show meanwhile.
      },
    );
    const disconnect = connectQuizActivityRoom(event._id, { password, token }, (list) => {
      pushed = true;
      setPresentations(list);
    });
    return () => {
      controller.abort();
      disconnect();
    };
  }, [slug, event._id, event.quiz, password, token]);

  return event.quiz ? presentations : null;
}
