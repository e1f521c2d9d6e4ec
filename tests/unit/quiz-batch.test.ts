import { DomainError, ErrorCode } from "@core/errors";
import type { QuizCommand, QuizContext } from "@core/quiz/commands";
import { decide } from "@core/quiz/decide";
import { type BatchedCommand, decideBatch } from "@core/quiz/decide-batch";
import { evolve, evolveAll, type LoggedQuizEvent, replay } from "@core/quiz/evolve";
import { initialQuizState, type QuizQuestion, type QuizState } from "@core/quiz/model";
import { describe, expect, it } from "vitest";

const QUESTIONS: QuizQuestion[] = [
  { id: 1, isSurvey: false, optionIds: [11, 12, 13], correctOptionIds: [12], limitMs: 20_000 },
  { id: 2, isSurvey: true, optionIds: [21, 22], correctOptionIds: [], limitMs: 10_000 },
];

function randomSource(seed: number) {
  return () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
}

/** Frozen all the way down: a fold that changed a state it was given would throw. */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** Any event of any known type (and some unknown), valid or not for the state it meets. */
function randomEvent(random: () => number, at: number): LoggedQuizEvent {
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)] as T;
  const playerId = `p${Math.floor(random() * 6)}`;
  const questionId = pick([1, 2, 3]);
  const questionIndex = pick([0, 1]);
  return pick<LoggedQuizEvent>([
    { type: "player_joined", data: { playerId, name: playerId.toUpperCase() }, at },
    { type: "quiz_started", data: { questions: QUESTIONS }, at },
    { type: "question_shown", data: { questionIndex }, at },
    { type: "timer_started", data: { questionIndex }, at },
    { type: "timer_stopped", data: { questionIndex }, at },
    { type: "timer_ended", data: { questionIndex }, at },
    { type: "answer_counted_in", data: { questionId, playerId }, at },
    { type: "answer_counted_out", data: { questionId, playerId }, at },
    {
      type: "answer_submitted",
      data: { questionId, playerId, optionIds: [pick([11, 12, 21])], elapsedMs: at % 20_000 },
      at,
    },
    {
      type: "answer_submitted",
      data: { questionId, playerId, optionIds: [pick([11, 12, 21])], elapsedMs: at % 20_000 },
      at,
    },
    { type: "result_shown", data: { questionIndex }, at },
    { type: "result_hidden", data: { questionIndex }, at },
    { type: "podium_shown", data: { questionIndex }, at },
    { type: "podium_left", data: { questionIndex }, at },
    { type: "final_shown", data: {}, at },
    { type: "confetti_fired", data: { colour: "gold" }, at },
  ]);
}

describe("evolveAll", () => {
  it("folds random event sequences in random batches to the state of one event at a time, never changing its input", () => {
    const random = randomSource(7);
    for (let round = 0; round < 200; round++) {
      const events: LoggedQuizEvent[] = [];
      for (let i = 0, at = 0; i < 80; i++, at += Math.floor(random() * 2_000)) events.push(randomEvent(random, at));
      let oneByOne: QuizState = initialQuizState;
      for (const event of events) oneByOne = deepFreeze(evolve(deepFreeze(oneByOne), event));
      let batched: QuizState = initialQuizState;
      for (let start = 0; start < events.length; ) {
        const size = 1 + Math.floor(random() * 30);
        const before = structuredClone(batched);
        const input = deepFreeze(batched);
        batched = evolveAll(input, events.slice(start, start + size));
        expect(input).toEqual(before);
        start += size;
      }
      expect(batched).toEqual(oneByOne);
      expect(replay(events)).toEqual(oneByOne);
    }
  });

  it("returns the very same state when nothing changes", () => {
    const joined = evolve(initialQuizState, { type: "player_joined", data: { playerId: "p1", name: "Ana" }, at: 0 });
    expect(evolve(joined, { type: "player_joined", data: { playerId: "p1", name: "Ana" }, at: 5 })).toBe(joined);
    expect(evolveAll(joined, [{ type: "confetti_fired", data: null, at: 6 }])).toBe(joined);
  });
});

const system = (now: number): QuizContext => ({ now, actor: { role: "system" } });
const player = (playerId: string, now: number): QuizContext => ({ now, actor: { role: "player", playerId } });
const answer = (playerId: string, optionIds: number[], now: number, questionId = 1): BatchedCommand => ({
  command: { type: "submit_answer", data: { questionId, optionIds } },
  context: player(playerId, now),
});

function startedWith(players: number): QuizState {
  let state = initialQuizState;
  const steps: [QuizCommand, QuizContext][] = [];
  for (let i = 0; i < players; i++)
    steps.push([{ type: "add_player", data: { playerId: `p${i}`, name: `P${i}` } }, system(0)]);
  steps.push([
    { type: "start_quiz", data: { questions: QUESTIONS } },
    { now: 1_000, actor: { role: "moderator" } },
  ]);
  for (const [command, context] of steps)
    for (const event of decide(command, state, context)) state = evolve(state, event);
  return state;
}

/** What the room did before batching: decide and evolve each command on its own. */
function oneAtATime(state: QuizState, batch: readonly BatchedCommand[]) {
  const events = [];
  const codes = [];
  for (const { command, context } of batch) {
    try {
      const decided = decide(command, state, context);
      for (const event of decided) state = evolve(state, event);
      events.push(...decided);
      codes.push(null);
    } catch (error) {
      codes.push((error as DomainError).code);
    }
  }
  return { state, events, codes };
}

const codesOf = (outcomes: ReturnType<typeof decideBatch>["outcomes"]) =>
  outcomes.map((outcome) => (outcome.ok ? null : (outcome.error as DomainError).code));

describe("decideBatch", () => {
  it("decides each command against the ones before it: a duplicate in the same batch is refused, the first answer stands", () => {
    const state = deepFreeze(startedWith(3));
    const batch = [answer("p0", [12], 2_000), answer("p1", [11], 2_100), answer("p0", [11], 2_200)];
    const decided = decideBatch(state, batch);
    expect(codesOf(decided.outcomes)).toEqual([null, null, ErrorCode.AlreadyAnswered]);
    expect(decided.state.answers["1"]?.p0?.optionIds).toEqual([12]);
    expect(decided.events).toHaveLength(2);
  });

  it("times each answer from when the room received it, not when the batch is decided", () => {
    const decided = decideBatch(startedWith(2), [answer("p0", [12], 1_500), answer("p1", [12], 11_000)]);
    expect(decided.state.answers["1"]?.p0).toMatchObject({ elapsedMs: 500, points: 988 });
    expect(decided.state.answers["1"]?.p1).toMatchObject({ elapsedMs: 10_000, points: 750 });
  });

  it("refuses an answer received after the limit, and one from a player who never joined, and goes on with the next", () => {
    const decided = decideBatch(startedWith(2), [
      answer("p0", [12], 21_001),
      answer("ghost", [12], 2_000),
      answer("p1", [12], 2_000),
    ]);
    expect(codesOf(decided.outcomes)).toEqual([ErrorCode.QuestionClosed, ErrorCode.Forbidden, null]);
    expect(decided.outcomes[0]?.ok === false && decided.outcomes[0].error instanceof DomainError).toBe(true);
    expect(Object.keys(decided.state.answers["1"] ?? {})).toEqual(["p1"]);
  });

  it("refuses a nickname taken earlier in the same batch of joins", () => {
    const decided = decideBatch(initialQuizState, [
      { command: { type: "add_player", data: { playerId: "a", name: "Ana" } }, context: system(1) },
      { command: { type: "add_player", data: { playerId: "b", name: "ana" } }, context: system(2) },
      { command: { type: "add_player", data: { playerId: "a", name: "Ana" } }, context: system(3) },
    ]);
    expect(codesOf(decided.outcomes)).toEqual([null, ErrorCode.NicknameTaken, null]);
    expect(Object.keys(decided.state.players)).toEqual(["a"]);
  });

  it("gives the events, refusals and state of deciding one command at a time, for random batches of 500 players", () => {
    const random = randomSource(11);
    const base = deepFreeze(startedWith(500));
    for (let round = 0; round < 10; round++) {
      const batch: BatchedCommand[] = [];
      for (let i = 0, now = 1_000; i < 800; i++, now += Math.floor(random() * 40)) {
        const playerId = `p${Math.floor(random() * 520)}`;
        const kind = random();
        if (kind < 0.15)
          batch.push({ command: { type: "answer_count_in", data: { questionId: 1 } }, context: player(playerId, now) });
        else if (kind < 0.2)
          batch.push({
            command: { type: "answer_count_out", data: { questionId: 1 } },
            context: player(playerId, now),
          });
        else batch.push(answer(playerId, [11 + Math.floor(random() * 4)], now));
      }
      const decided = decideBatch(base, batch);
      const expected = oneAtATime(base, batch);
      expect(codesOf(decided.outcomes)).toEqual(expected.codes);
      expect(decided.events).toEqual(expected.events);
      expect(decided.state).toEqual(expected.state);
      // A room restarted after the batch rebuilds the same state from its log.
      expect(evolveAll(base, decided.events)).toEqual(decided.state);
    }
  });
});
