/**
 * The fan-out policy of the quiz room: what each watching role receives. The moderator (and the
 * talk's speaker, who enters as moderator) gets the whole state and every event. The big screen
 * is public and anonymous, so it gets an answer-free projection: the questions, options and
 * counters; a question's correct options and answers only once its results are shown; the
 * points that rank players only while a podium is shown. Players never watch: they get their own
 * view (player-view.ts).
 *
 * Invariant (tested): folding with `evolve` the events the screen receives onto the screen's
 * state gives {@link screenState} of the room's state, so the web folds both streams alike.
 */
import {
  QUIZ_PROTOCOL_VERSION,
  type QuizServerMessage,
  type WatchedQuizAnswer,
  type WatchedQuizState,
} from "../protocol/quiz";
import type { StoredEvent } from "../protocol/stored-event";
import { currentQuestion, type QuizAnswer, type QuizState } from "./model";

export type WatcherRole = "moderator" | "screen";

/** Events the big screen folds as they come: none of them carries or changes an answer. */
const SCREEN_FOLDS = new Set(["player_joined", "timer_started", "timer_stopped", "timer_ended"]);

/**
 * Events that change what the big screen may know (a question's correct options, its answers,
 * the standings): it gets its whole state again instead. Each happens a few times per question.
 */
const SCREEN_RENEWS = new Set([
  "quiz_started",
  "question_shown",
  "result_shown",
  "result_hidden",
  "podium_shown",
  "podium_left",
  "final_shown",
  "quiz_reset",
]);

/** What ranks a player, without the options chosen or whether they were right. */
const standing = ({ elapsedMs, points }: QuizAnswer): WatchedQuizAnswer => ({ elapsedMs, points });

function mapValues<T, U>(record: Record<string, T>, change: (value: T) => U): Record<string, U> {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, change(value)]));
}

/** The quiz state as the big screen may know it. */
export function screenState(state: QuizState): WatchedQuizState {
  const shown = state.resultVisible ? currentQuestion(state) : undefined;
  const shownKey = shown ? String(shown.id) : undefined;
  const podium = state.phase === "podium" || state.phase === "final";
  const answers: WatchedQuizState["answers"] = {};
  for (const [key, byPlayer] of Object.entries(state.answers)) {
    if (key === shownKey) answers[key] = byPlayer;
    else if (podium) answers[key] = mapValues(byPlayer, standing);
  }
  return {
    ...state,
    questions: state.questions.map(({ correctOptionIds, ...question }) =>
      question.id === shown?.id ? { ...question, correctOptionIds } : question,
    ),
    answers,
    // Who is choosing right now is the counters' business (a count, not names).
    selecting: {},
  };
}

/** The whole state at `seq` for a watcher who (re)connects or asks to sync. */
export function watcherSnapshot(
  role: WatcherRole,
  snapshot: { state: QuizState; seq: number; connected: number; now: number },
): QuizServerMessage {
  const { state, seq, connected, now } = snapshot;
  return {
    type: "snapshot",
    protocol: QUIZ_PROTOCOL_VERSION,
    seq,
    state: role === "moderator" ? state : screenState(state),
    connected,
    now,
  };
}

/** Events appended since the last flush, numbered `after + 1` onwards, and the state after them. */
export interface WatcherFlush {
  after: number;
  events: readonly StoredEvent[];
  state: QuizState;
  connected: number;
  now: number;
}

/** What one role receives for a flush of new events; null when there were none. */
export function watcherUpdate(role: WatcherRole, flush: WatcherFlush): QuizServerMessage | null {
  const last = flush.events[flush.events.length - 1];
  if (!last) return null;
  const range = { after: flush.after, through: last.seq };
  if (role === "moderator") return { type: "events", ...range, events: [...flush.events] };
  if (flush.events.some((event) => SCREEN_RENEWS.has(event.type))) {
    const { state, connected, now } = flush;
    return watcherSnapshot("screen", { state, seq: last.seq, connected, now });
  }
  // Sent even when empty: the range tells the screen it missed nothing.
  return { type: "events", ...range, events: flush.events.filter((event) => SCREEN_FOLDS.has(event.type)) };
}

/**
 * Whether a question's per-player results (names and points) may be told to anyone: once the quiz
 * has gone past it (also when the moderator went back to an earlier one: its answers tell that it
 * ran), or while it is on screen with its results shown or the podium up; not while it is on
 * screen with its results hidden (answering, paused, time up), as the players' own totals leave
 * it out until then (player-view.ts); nor before the quiz has reached it.
 */
export function questionResultShown(state: QuizState, questionId: number): boolean {
  const index = state.questions.findIndex((question) => question.id === questionId);
  if (index === -1) return false;
  if (state.phase === "final" || index < state.questionIndex) return true;
  if (index === state.questionIndex) return state.resultVisible || state.phase === "podium";
  return Object.keys(state.answers[String(questionId)] ?? {}).length > 0;
}
