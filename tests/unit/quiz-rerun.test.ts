import { DomainError } from "@core/errors";
import type { QuizCommand, QuizContext } from "@core/quiz/commands";
import { decide } from "@core/quiz/decide";
import type { TimedQuizEvent } from "@core/quiz/events";
import { evolve, evolveAll, replay } from "@core/quiz/evolve";
import { screenState, watcherUpdate } from "@core/quiz/fan-out";
import { initialQuizState, type QuizQuestion, type QuizState } from "@core/quiz/model";
import { splitRuns } from "@core/quiz/runs";
import { leaderboard } from "@core/quiz/selectors";
import { describe, expect, it } from "vitest";

const QUESTIONS: QuizQuestion[] = [
  { id: 1, isSurvey: false, optionIds: [11, 12], correctOptionIds: [12], limitMs: 20_000 },
];
const moderator = (now: number): QuizContext => ({ now, actor: { role: "moderator" } });

function play(steps: [QuizCommand, QuizContext][], from: QuizState = initialQuizState) {
  let state = from;
  const log: TimedQuizEvent[] = [];
  for (const [command, context] of steps) {
    for (const event of decide(command, state, context)) {
      state = evolve(state, event);
      log.push(event);
    }
  }
  return { state, log };
}

/** A whole run: Ana joins, answers right at `now + 2 s`, the final podium is shown. */
const aRun = (name: string, now: number): [QuizCommand, QuizContext][] => [
  [
    { type: "add_player", data: { playerId: "p1", name } },
    { now, actor: { role: "system" } },
  ],
  [{ type: "start_quiz", data: { questions: QUESTIONS } }, moderator(now)],
  [
    { type: "submit_answer", data: { questionId: 1, optionIds: [12] } },
    { now: now + 2_000, actor: { role: "player", playerId: "p1" } },
  ],
  [{ type: "final" }, moderator(now + 5_000)],
];
const reset: [QuizCommand, QuizContext] = [{ type: "reset_quiz" }, moderator(100_000)];

describe("reruns", () => {
  it("given a finished quiz, when the moderator resets it, then the room is a lobby of run 2 with the questions and no players or answers", () => {
    const { state, log } = play([...aRun("Ana", 0), reset]);
    expect(log.at(-1)).toEqual({ type: "quiz_reset", data: { run: 2 }, at: 100_000 });
    expect(state).toEqual({ ...initialQuizState, questions: QUESTIONS, run: 2 });
  });

  it("given a reset quiz, when it starts again, then it is not refused as already started and the new run ranks only its own players", () => {
    const { state } = play([...aRun("Ana", 0), reset, ...aRun("Bob", 200_000)]);
    expect(state.phase).toBe("final");
    expect(leaderboard(state).map((entry) => [entry.name, entry.rank])).toEqual([["Bob", 1]]);
  });

  it("given a lobby, when the moderator resets it, then it is refused: there is no run to keep", () => {
    expect(() => decide({ type: "reset_quiz" }, initialQuizState, moderator(0))).toThrow(DomainError);
  });

  it("given a question being answered, when the quiz is reset, then its timer ends first", () => {
    const { log } = play([...aRun("Ana", 0).slice(0, 2), reset]);
    expect(log.slice(-2).map((event) => event.type)).toEqual(["timer_ended", "quiz_reset"]);
  });

  it("only a moderator may reset", () => {
    const { state } = play(aRun("Ana", 0));
    expect(() => decide({ type: "reset_quiz" }, state, { now: 1, actor: { role: "player", playerId: "p1" } })).toThrow(
      DomainError,
    );
  });

  it("folding a reset within a batch after answers gives the same state as one event at a time", () => {
    const { log } = play([
      ...aRun("Ana", 0),
      reset,
      ...aRun("Bob", 200_000),
      [{ type: "reset_quiz" }, moderator(300_000)],
    ]);
    const oneByOne = log.reduce(evolve, initialQuizState);
    expect(evolveAll(initialQuizState, log)).toEqual(oneByOne);
    expect(oneByOne.run).toBe(3);
  });

  it("splits the log by run, and each run replayed alone gives that run's leaderboard", () => {
    const { log } = play([...aRun("Ana", 0), reset, ...aRun("Bob", 200_000)]);
    const runs = splitRuns(log);
    expect(runs).toHaveLength(2);
    expect(leaderboard(replay(runs[0] ?? [])).map((entry) => entry.name)).toEqual(["Ana"]);
    expect(leaderboard(replay(runs[1] ?? [])).map((entry) => entry.name)).toEqual(["Bob"]);
  });

  it("the big screen gets a fresh snapshot of the new lobby when the quiz is reset", () => {
    const { state: finished } = play(aRun("Ana", 0));
    const events = decide({ type: "reset_quiz" }, finished, moderator(100_000));
    const state = evolveAll(finished, events);
    const update = watcherUpdate("screen", {
      after: 10,
      events: events.map((event, index) => ({ ...event, seq: 11 + index })),
      state,
      connected: 0,
      now: 100_000,
    });
    expect(update).toMatchObject({ type: "snapshot", state: screenState(state) });
  });
});
