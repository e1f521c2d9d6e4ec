/**
 * The rules of a live quiz: given a command, the state and the context (time, actor), the events
 * that follow, or a DomainError. Synchronous and deterministic; never reads a clock.
 */
import { DomainError, ErrorCode } from "../errors";
import type { QuizActor, QuizCommand, QuizContext } from "./commands";
import { MODERATOR_COMMANDS } from "./commands";
import type { QuizEvent, TimedQuizEvent } from "./events";
import { currentQuestion, type QuizState, timerElapsedMs } from "./model";
import { takenNicknames } from "./nicknames";

const PLAYER_COMMANDS = new Set<string>(["submit_answer", "answer_count_in", "answer_count_out"]);
const SYSTEM_COMMANDS = new Set<string>(["add_player", "timer_end"]);
const MODERATOR = new Set<string>(MODERATOR_COMMANDS);

function allowed(type: QuizCommand["type"], actor: QuizActor): boolean {
  if (MODERATOR.has(type)) return actor.role === "moderator";
  if (PLAYER_COMMANDS.has(type)) return actor.role === "player";
  return SYSTEM_COMMANDS.has(type) && actor.role === "system";
}

const isRunning = (state: QuizState) => state.phase !== "lobby" && state.phase !== "final";

function requireRunning(state: QuizState): void {
  if (!isRunning(state)) throw new DomainError(ErrorCode.QuizNotRunning);
}

/** Answering stops before results, a podium or the final are shown. */
function endTimerIfRunning(state: QuizState): QuizEvent[] {
  return state.phase === "answering" || state.phase === "paused"
    ? [{ type: "timer_ended", data: { questionIndex: state.questionIndex } }]
    : [];
}

function decideEvents(command: QuizCommand, state: QuizState, context: QuizContext): QuizEvent[] {
  const index = state.questionIndex;
  switch (command.type) {
    case "add_player": {
      const { playerId, name } = command.data;
      if (state.players[playerId]) return [];
      if (takenNicknames(state.players).has(name.toLowerCase())) throw new DomainError(ErrorCode.NicknameTaken);
      return [{ type: "player_joined", data: { playerId, name } }];
    }
    case "start_quiz": {
      if (state.phase !== "lobby") throw new DomainError(ErrorCode.QuizAlreadyStarted);
      if (command.data.questions.length === 0) throw new DomainError(ErrorCode.NoQuestions);
      return [
        { type: "quiz_started", data: { questions: command.data.questions } },
        { type: "question_shown", data: { questionIndex: 0 } },
        { type: "timer_started", data: { questionIndex: 0 } },
      ];
    }
    case "next_question": {
      requireRunning(state);
      if (index + 1 >= state.questions.length) throw new DomainError(ErrorCode.NoSuchQuestion);
      return [
        ...endTimerIfRunning(state),
        { type: "question_shown", data: { questionIndex: index + 1 } },
        { type: "timer_started", data: { questionIndex: index + 1 } },
      ];
    }
    case "back_question": {
      requireRunning(state);
      if (index - 1 < 0) throw new DomainError(ErrorCode.NoSuchQuestion);
      return [...endTimerIfRunning(state), { type: "question_shown", data: { questionIndex: index - 1 } }];
    }
    case "timer_start": {
      requireRunning(state);
      const question = currentQuestion(state);
      if (state.phase === "answering") return [];
      if (state.phase !== "paused" && state.phase !== "closed") throw new DomainError(ErrorCode.QuestionClosed);
      // Once its results are shown, a question takes no more answers: they would know the answer.
      if (state.resultVisible) throw new DomainError(ErrorCode.QuestionClosed);
      if (!question || timerElapsedMs(state, context.now) >= question.limitMs) {
        throw new DomainError(ErrorCode.QuestionClosed);
      }
      return [{ type: "timer_started", data: { questionIndex: index } }];
    }
    case "timer_stop":
      requireRunning(state);
      return state.phase === "answering" ? [{ type: "timer_stopped", data: { questionIndex: index } }] : [];
    case "timer_end":
      // A late alarm for a question no longer on screen, or a timer already stopped, changes nothing.
      return command.data.questionIndex === index && state.phase === "answering" ? endTimerIfRunning(state) : [];
    case "show_result":
      requireRunning(state);
      if (state.resultVisible) return [];
      return [...endTimerIfRunning(state), { type: "result_shown", data: { questionIndex: index } }];
    case "hide_result":
      requireRunning(state);
      return state.resultVisible ? [{ type: "result_hidden", data: { questionIndex: index } }] : [];
    case "show_podium":
      requireRunning(state);
      if (state.phase === "podium") return [];
      return [...endTimerIfRunning(state), { type: "podium_shown", data: { questionIndex: index } }];
    case "back":
      return state.phase === "podium" ? [{ type: "podium_left", data: { questionIndex: index } }] : [];
    case "final":
      requireRunning(state);
      return [...endTimerIfRunning(state), { type: "final_shown", data: {} }];
    case "reset_quiz":
      // Only a quiz that has started has a run to keep; a lobby is already fresh. A state rebuilt
      // from a snapshot written before reruns existed has no run number: it was the first.
      if (state.phase === "lobby") throw new DomainError(ErrorCode.QuizNotRunning);
      return [...endTimerIfRunning(state), { type: "quiz_reset", data: { run: (state.run ?? 1) + 1 } }];
    case "submit_answer":
      return decideAnswer(command.data, state, context);
    case "answer_count_in":
    case "answer_count_out": {
      const playerId = playerOf(context);
      const question = currentQuestion(state);
      if (state.phase !== "answering" || question?.id !== command.data.questionId) return [];
      const selecting = state.selecting[String(question.id)] ?? [];
      const answered = Boolean(state.answers[String(question.id)]?.[playerId]);
      const counted = selecting.includes(playerId);
      if (command.type === "answer_count_in") {
        return counted || answered ? [] : [{ type: "answer_counted_in", data: { questionId: question.id, playerId } }];
      }
      return counted && !answered ? [{ type: "answer_counted_out", data: { questionId: question.id, playerId } }] : [];
    }
    default: {
      const unknown: never = command;
      throw new DomainError(ErrorCode.UnknownCommand, String((unknown as { type?: unknown }).type));
    }
  }
}

function playerOf(context: QuizContext): string {
  if (context.actor.role !== "player") throw new DomainError(ErrorCode.Forbidden);
  return context.actor.playerId;
}

/** One answer per player and question, while the timer runs, with options of that question. */
function decideAnswer(
  answer: { questionId: number; optionIds: number[] },
  state: QuizState,
  context: QuizContext,
): QuizEvent[] {
  const playerId = playerOf(context);
  if (!state.players[playerId]) throw new DomainError(ErrorCode.Forbidden);
  const question = currentQuestion(state);
  if (state.phase !== "answering" || question?.id !== answer.questionId) {
    throw new DomainError(ErrorCode.QuestionClosed);
  }
  if (state.answers[String(question.id)]?.[playerId]) throw new DomainError(ErrorCode.AlreadyAnswered);
  const unique = new Set(answer.optionIds);
  const valid =
    unique.size > 0 &&
    unique.size === answer.optionIds.length &&
    answer.optionIds.every((id) => question.optionIds.includes(id));
  if (!valid) throw new DomainError(ErrorCode.InvalidOptions);
  const elapsedMs = timerElapsedMs(state, context.now);
  if (elapsedMs > question.limitMs) throw new DomainError(ErrorCode.QuestionClosed);
  return [
    {
      type: "answer_submitted",
      data: { questionId: question.id, playerId, optionIds: [...answer.optionIds], elapsedMs },
    },
  ];
}

export function decide(command: QuizCommand, state: QuizState, context: QuizContext): TimedQuizEvent[] {
  if (!allowed(command.type, context.actor)) throw new DomainError(ErrorCode.Forbidden);
  return decideEvents(command, state, context).map((event) => ({ ...event, at: context.now }));
}
