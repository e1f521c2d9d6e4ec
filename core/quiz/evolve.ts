/**
 * How each event changes the quiz state. Total and pure: an unknown event type leaves the state
 * as it is, so logs written by older or newer versions still replay.
 *
 * Events are applied to a {@link QuizDraft}: it copies each collection it touches once, then
 * changes its own copy in place. Folding a batch therefore copies a question's answer map once
 * per batch, not once per answer (O(N) per batch instead of O(N²) per question), while the state
 * passed in is never changed. `evolve` is the one-event case of the same code.
 */
import type { TimedQuizEvent } from "./events";
import {
  currentQuestion,
  initialQuizState,
  type QuizAnswer,
  type QuizPlayer,
  type QuizState,
  timerElapsedMs,
} from "./model";
import { noteNickname } from "./nicknames";
import { scoreAnswer } from "./scoring";

/** Any stored event: those of known types are applied, the others ignored. */
export type LoggedQuizEvent = TimedQuizEvent | { type: string; data: unknown; at: number };

/**
 * A state being folded. `state` is the result so far: the base itself until an event changes
 * something, then a copy owned by the draft. Read it freely between events (decide does), but
 * once the fold is over it is a plain immutable state: never apply to a draft whose state was
 * handed out.
 */
export class QuizDraft {
  #state: QuizState;
  #copiedTop = false;
  #copiedPlayers = false;
  #copiedAnswers = false;
  #copiedSelecting = false;
  /** Question keys whose inner answer map / selecting list this draft already owns. */
  readonly #ownAnswers = new Set<string>();
  readonly #ownSelecting = new Set<string>();

  constructor(base: QuizState) {
    this.#state = base;
  }

  get state(): QuizState {
    return this.#state;
  }

  #top(): QuizState {
    if (!this.#copiedTop) {
      this.#state = { ...this.#state };
      this.#copiedTop = true;
    }
    return this.#state;
  }

  #players(): Record<string, QuizPlayer> {
    const state = this.#top();
    if (!this.#copiedPlayers) {
      state.players = { ...state.players };
      this.#copiedPlayers = true;
    }
    return state.players;
  }

  #answersOf(key: string): Record<string, QuizAnswer> {
    const state = this.#top();
    if (!this.#copiedAnswers) {
      state.answers = { ...state.answers };
      this.#copiedAnswers = true;
    }
    if (!this.#ownAnswers.has(key)) {
      state.answers[key] = { ...state.answers[key] };
      this.#ownAnswers.add(key);
    }
    return state.answers[key] as Record<string, QuizAnswer>;
  }

  #selectingOf(key: string): string[] {
    const state = this.#top();
    if (!this.#copiedSelecting) {
      state.selecting = { ...state.selecting };
      this.#copiedSelecting = true;
    }
    if (!this.#ownSelecting.has(key)) {
      state.selecting[key] = [...(state.selecting[key] ?? [])];
      this.#ownSelecting.add(key);
    }
    return state.selecting[key] as string[];
  }

  /** Back to the lobby of run `run`, with the questions; everything the draft owns is new. */
  #reset(run: number): void {
    this.#state = {
      ...initialQuizState,
      questions: this.#state.questions,
      players: {},
      answers: {},
      selecting: {},
      run,
    };
    this.#copiedTop = this.#copiedPlayers = this.#copiedAnswers = this.#copiedSelecting = true;
    this.#ownAnswers.clear();
    this.#ownSelecting.clear();
  }

  /** Applies one event to the draft's own copy. */
  apply(logged: LoggedQuizEvent): void {
    const event = logged as TimedQuizEvent;
    const state = this.#state;
    switch (event.type) {
      case "player_joined": {
        const { playerId, name } = event.data;
        if (state.players[playerId]) return;
        const players = this.#players();
        players[playerId] = { id: playerId, name, joinedAt: event.at };
        noteNickname(players, name);
        return;
      }
      case "quiz_started":
        this.#top().questions = event.data.questions;
        return;
      case "question_shown":
        Object.assign(this.#top(), {
          phase: "closed",
          questionIndex: event.data.questionIndex,
          resultVisible: false,
          timerStartedAt: null,
          timerSpentMs: 0,
        } satisfies Partial<QuizState>);
        return;
      case "timer_started":
        Object.assign(this.#top(), { phase: "answering", timerStartedAt: event.at } satisfies Partial<QuizState>);
        return;
      case "timer_stopped": {
        const spent = timerElapsedMs(state, event.at);
        Object.assign(this.#top(), {
          phase: "paused",
          timerSpentMs: spent,
          timerStartedAt: null,
        } satisfies Partial<QuizState>);
        return;
      }
      case "timer_ended": {
        const limit = currentQuestion(state)?.limitMs ?? 0;
        const spent = Math.min(limit, timerElapsedMs(state, event.at));
        Object.assign(this.#top(), {
          phase: "closed",
          timerSpentMs: spent,
          timerStartedAt: null,
        } satisfies Partial<QuizState>);
        return;
      }
      case "answer_counted_in":
        this.#selectingOf(String(event.data.questionId)).push(event.data.playerId);
        return;
      case "answer_counted_out": {
        const players = this.#selectingOf(String(event.data.questionId));
        // Same result as filtering every occurrence out, without a new array per event.
        let kept = 0;
        for (const id of players) if (id !== event.data.playerId) players[kept++] = id;
        players.length = kept;
        return;
      }
      case "answer_submitted": {
        const { questionId, playerId, optionIds, elapsedMs } = event.data;
        const question = state.questions.find((candidate) => candidate.id === questionId);
        if (!question) return;
        this.#answersOf(String(questionId))[playerId] = scoreAnswer(question, optionIds, elapsedMs);
        return;
      }
      case "result_shown":
        this.#top().resultVisible = true;
        return;
      case "result_hidden":
        this.#top().resultVisible = false;
        return;
      case "podium_shown":
        this.#top().phase = "podium";
        return;
      case "podium_left":
        this.#top().phase = "closed";
        return;
      case "final_shown":
        this.#top().phase = "final";
        return;
      case "quiz_reset":
        this.#reset(event.data.run);
        return;
      default:
        return;
    }
  }
}

/** The state after a batch of events, each collection copied at most once. */
export function evolveAll(state: QuizState, events: Iterable<LoggedQuizEvent>): QuizState {
  const draft = new QuizDraft(state);
  for (const event of events) draft.apply(event);
  return draft.state;
}

/** The state after one event. */
export function evolve(state: QuizState, logged: LoggedQuizEvent): QuizState {
  return evolveAll(state, [logged]);
}

/** The state after a whole log. */
export function replay(events: Iterable<LoggedQuizEvent>, from: QuizState = initialQuizState): QuizState {
  return evolveAll(from, events);
}
