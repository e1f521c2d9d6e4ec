import type { QuizStatusView } from "@core/quiz/leaderboard-table";
import { type QuizEntry, type QuizEntryFacts, quizEntry } from "@core/quiz/quiz-entry";
import { type RefObject, useEffect, useMemo, useState, useSyncExternalStore } from "react";
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

/** The event's quiz statuses as last read, and whether a read is under way. */
interface EventStatuses {
  at: number;
  facts: ReadonlyMap<number, QuizEntryFacts> | null;
  reading: boolean;
}

/** By event, password and token: what the schedule's cards read, one call for all of them. */
const eventStatuses = new Map<string, EventStatuses>();
const eventStatusListeners = new Set<() => void>();
const askedEvents = new Map<string, () => void>();

function subscribeEventStatuses(listener: () => void) {
  eventStatusListeners.add(listener);
  return () => eventStatusListeners.delete(listener);
}

/** Reads the event's statuses again unless a read is under way or the last one is fresh. */
function readEventStatuses(key: string, slug: string, password: string | null, token: string | null) {
  const known = eventStatuses.get(key);
  if (known && (known.reading || Date.now() - known.at < STATUS_FRESH_MS)) return;
  eventStatuses.set(key, { at: known?.at ?? 0, facts: known?.facts ?? null, reading: true });
  const request = api.quiz.statuses.$get(
    { query: { slug, ...passwordQuery({ password }) } },
    // An event that lets no one in anonymously answers its members only.
    callOptions(token),
  );
  answerOf(request).then(
    (body) => {
      const before = known?.facts;
      // A talk whose status did not change keeps its object: its card is not drawn again.
      const facts = new Map(
        body.data.presentations.map(({ id, ...own }) => {
          const previous = before?.get(id);
          return [id, previous && JSON.stringify(previous) === JSON.stringify(own) ? previous : own] as const;
        }),
      );
      eventStatuses.set(key, { at: Date.now(), facts, reading: false });
      for (const listener of eventStatusListeners) listener();
    },
    // A failed read is tried again once the last answer would have gone stale.
    () => eventStatuses.set(key, { at: Date.now(), facts: known?.facts ?? null, reading: false }),
  );
}

// Coming back to the page reads the statuses again once stale: a lobby may have opened meanwhile.
if (typeof document !== "undefined") {
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") for (const read of askedEvents.values()) read();
  });
}

/**
 * Where the talk's QUIZ entry leads now, read from the event's statuses (`GET
 * /api/quiz/statuses`): one call for every card of the schedule, asked when the first of them
 * nears the screen and again when a card shows up or the page comes back once 30 s old. Null
 * while unknown, when `enabled` is false, or when the talk is not in the answer.
 */
export function useEventQuizEntry(presentationId: number, enabled: boolean): QuizEntry | null {
  const password = useOpenedEventPassword();
  const { slug } = useEvent();
  const [session] = useSession(slug);
  const token = session?.token ?? null;
  const key = `${slug}:${password ?? ""}:${token ?? ""}`;
  const facts = useSyncExternalStore(
    subscribeEventStatuses,
    () => eventStatuses.get(key)?.facts?.get(presentationId) ?? null,
  );
  // A card drawn once the statuses are known asks too: that reads them again once stale.
  const asks = enabled || facts !== null;
  useEffect(() => {
    if (!asks) return;
    const read = () => readEventStatuses(key, slug, password, token);
    askedEvents.set(key, read);
    read();
  }, [asks, key, slug, password, token]);
  return useMemo(() => (facts ? quizEntry(facts) : null), [facts]);
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
