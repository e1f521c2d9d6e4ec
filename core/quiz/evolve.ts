/**
 * How each event changes the quiz state. Total and pure: an unknown event type leaves the state
 * as it is, so logs written by older or newer versions still replay.
 */
import type { TimedQuizEvent } from "./events";
import { currentQuestion, initialQuizState, type QuizState, timerElapsedMs } from "./model";
import { scoreAnswer } from "./scoring";

/** Any stored event: those of known types are applied, the others ignored. */
export type LoggedQuizEvent = TimedQuizEvent | { type: string; data: unknown; at: number };

function withSelecting(state: QuizState, questionId: number, update: (players: string[]) => string[]): QuizState {
  const key = String(questionId);
  return { ...state, selecting: { ...state.selecting, [key]: update(state.selecting[key] ?? []) } };
}

export function evolve(state: QuizState, logged: LoggedQuizEvent): QuizState {
  const event = logged as TimedQuizEvent;
  switch (event.type) {
    case "player_joined": {
      const { playerId, name } = event.data;
      if (state.players[playerId]) return state;
      return { ...state, players: { ...state.players, [playerId]: { id: playerId, name, joinedAt: event.at } } };
    }
    case "quiz_started":
      return { ...state, questions: event.data.questions };
    case "question_shown":
      return {
        ...state,
        phase: "closed",
        questionIndex: event.data.questionIndex,
        resultVisible: false,
        timerStartedAt: null,
        timerSpentMs: 0,
      };
    case "timer_started":
      return { ...state, phase: "answering", timerStartedAt: event.at };
    case "timer_stopped":
      return { ...state, phase: "paused", timerSpentMs: timerElapsedMs(state, event.at), timerStartedAt: null };
    case "timer_ended": {
      const limit = currentQuestion(state)?.limitMs ?? 0;
      return {
        ...state,
        phase: "closed",
        timerSpentMs: Math.min(limit, timerElapsedMs(state, event.at)),
        timerStartedAt: null,
      };
    }
    case "answer_counted_in":
      return withSelecting(state, event.data.questionId, (players) => [...players, event.data.playerId]);
    case "answer_counted_out":
      return withSelecting(state, event.data.questionId, (players) =>
        players.filter((id) => id !== event.data.playerId),
      );
    case "answer_submitted": {
      const { questionId, playerId, optionIds, elapsedMs } = event.data;
      const question = state.questions.find((candidate) => candidate.id === questionId);
      if (!question) return state;
      const key = String(questionId);
      const answers = { ...state.answers[key], [playerId]: scoreAnswer(question, optionIds, elapsedMs) };
      return { ...state, answers: { ...state.answers, [key]: answers } };
    }
    case "result_shown":
      return { ...state, resultVisible: true };
    case "result_hidden":
      return { ...state, resultVisible: false };
    case "podium_shown":
      return { ...state, phase: "podium" };
    case "podium_left":
      return { ...state, phase: "closed" };
    case "final_shown":
      return { ...state, phase: "final" };
    default:
      return state;
  }
}

/** The state after a whole log. */
export function replay(events: Iterable<LoggedQuizEvent>, from: QuizState = initialQuizState): QuizState {
  let state = from;
  for (const event of events) state = evolve(state, event);
  return state;
}
