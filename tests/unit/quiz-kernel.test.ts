import type { QuizCommand, QuizContext } from "@core/quiz/commands";
import { decide } from "@core/quiz/decide";
import type { TimedQuizEvent } from "@core/quiz/events";
import { evolve, replay } from "@core/quiz/evolve";
import { initialQuizState, type QuizQuestion, type QuizState, timerRemainingMs } from "@core/quiz/model";
import { pointsFor } from "@core/quiz/scoring";
import { leaderboard, podium, podiumName, questionCounters, questionResult, votes } from "@core/quiz/selectors";
import { describe, expect, it } from "vitest";

const QUESTIONS: QuizQuestion[] = [
  { id: 1, isSurvey: false, optionIds: [11, 12, 13], correctOptionIds: [12], limitMs: 20_000 },
  { id: 2, isSurvey: false, optionIds: [21, 22, 23, 24], correctOptionIds: [21, 23], limitMs: 30_000 },
  { id: 3, isSurvey: true, optionIds: [31, 32], correctOptionIds: [], limitMs: 10_000 },
];

const moderator = (now: number): QuizContext => ({ now, actor: { role: "moderator" } });
const player = (playerId: string, now: number): QuizContext => ({ now, actor: { role: "player", playerId } });
const system = (now: number): QuizContext => ({ now, actor: { role: "system" } });

/** Given a history of commands, the log and the state they lead to. */
function run(steps: [QuizCommand, QuizContext][], from: QuizState = initialQuizState) {
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

const join = (playerId: string, name: string, now = 0): [QuizCommand, QuizContext] => [
  { type: "add_player", data: { playerId, name } },
  system(now),
];
const start = (now = 1_000): [QuizCommand, QuizContext] => [
  { type: "start_quiz", data: { questions: QUESTIONS } },
  moderator(now),
];
const answer = (playerId: string, questionId: number, optionIds: number[], now: number): [QuizCommand, QuizContext] => [
  { type: "submit_answer", data: { questionId, optionIds } },
  player(playerId, now),
];

describe("scoring", () => {
  it("gives 1000 points for an instant correct answer and 500 at the last moment", () => {
    expect(pointsFor(0, 20_000)).toBe(1000);
    expect(pointsFor(10_000, 20_000)).toBe(750);
    expect(pointsFor(20_000, 20_000)).toBe(500);
    expect(pointsFor(7_000, 30_000)).toBe(Math.round(1000 * (1 - 7_000 / 30_000 / 2)));
  });

  it("scores a correct answer by the time elapsed since the timer started, measured by the room", () => {
    const { state } = run([join("p1", "Ana"), start(1_000), answer("p1", 1, [12], 6_000)]);
    expect(state.answers["1"]?.p1).toEqual({ optionIds: [12], elapsedMs: 5_000, correct: true, points: 875 });
  });

  it("counts a multi-answer question correct only with exactly the correct options", () => {
    const { state } = run([
      join("p1", "Ana"),
      join("p2", "Bo"),
      join("p3", "Cy"),
      start(0),
      [{ type: "next_question" }, moderator(0)],
      answer("p1", 2, [21, 23], 3_000),
      answer("p2", 2, [21], 3_000),
      answer("p3", 2, [21, 23, 24], 3_000),
    ]);
    expect(state.answers["2"]?.p1?.correct).toBe(true);
    expect(state.answers["2"]?.p2).toMatchObject({ correct: false, points: 0 });
    expect(state.answers["2"]?.p3).toMatchObject({ correct: false, points: 0 });
  });

  it("scores nothing on a survey question and marks it neither right nor wrong", () => {
    const { state } = run([
      join("p1", "Ana"),
      start(0),
      [{ type: "next_question" }, moderator(0)],
      [{ type: "next_question" }, moderator(0)],
      answer("p1", 3, [31], 1_000),
    ]);
    expect(state.answers["3"]?.p1).toMatchObject({ correct: null, points: 0 });
  });

  it("excludes a paused period from the elapsed time", () => {
    const { state } = run([
      join("p1", "Ana"),
      start(0),
      [{ type: "timer_stop" }, moderator(4_000)],
      [{ type: "timer_start" }, moderator(64_000)],
      answer("p1", 1, [12], 66_000),
    ]);
    expect(state.answers["1"]?.p1?.elapsedMs).toBe(6_000);
  });
});

describe("answers", () => {
  it("a late answer after timer_end is rejected and not scored", () => {
    const { state } = run([
      join("p1", "Ana"),
      start(0),
      [{ type: "timer_end", data: { questionIndex: 0 } }, system(20_000)],
    ]);
    expect(() =>
      decide({ type: "submit_answer", data: { questionId: 1, optionIds: [12] } }, state, player("p1", 20_001)),
    ).toThrow("question-closed");
    expect(state.answers).toEqual({});
  });

  it("an answer past the time limit is rejected even before the alarm fires", () => {
    const { state } = run([join("p1", "Ana"), start(0)]);
    expect(() =>
      decide({ type: "submit_answer", data: { questionId: 1, optionIds: [12] } }, state, player("p1", 20_001)),
    ).toThrow("question-closed");
  });

  it("a duplicate answer is refused and the first one stands", () => {
    const { state } = run([join("p1", "Ana"), start(0), answer("p1", 1, [11], 1_000)]);
    expect(() =>
      decide({ type: "submit_answer", data: { questionId: 1, optionIds: [12] } }, state, player("p1", 2_000)),
    ).toThrow("already-answered");
    expect(state.answers["1"]?.p1?.optionIds).toEqual([11]);
  });

  it("refuses no option, options of another question, repeated options, and answers to another question", () => {
    const { state } = run([join("p1", "Ana"), start(0)]);
    for (const optionIds of [[], [21], [12, 12]]) {
      expect(() =>
        decide({ type: "submit_answer", data: { questionId: 1, optionIds } }, state, player("p1", 1)),
      ).toThrow("invalid-options");
    }
    expect(() =>
      decide({ type: "submit_answer", data: { questionId: 2, optionIds: [21] } }, state, player("p1", 1)),
    ).toThrow("question-closed");
  });

  it("refuses answers while the timer is stopped", () => {
    const { state } = run([join("p1", "Ana"), start(0), [{ type: "timer_stop" }, moderator(1_000)]]);
    expect(() =>
      decide({ type: "submit_answer", data: { questionId: 1, optionIds: [12] } }, state, player("p1", 1_500)),
    ).toThrow("question-closed");
  });

  it("counts a player selecting once, never below zero, and not after they answered", () => {
    const countIn: [QuizCommand, QuizContext] = [
      { type: "answer_count_in", data: { questionId: 1 } },
      player("p1", 10),
    ];
    const countOut: [QuizCommand, QuizContext] = [
      { type: "answer_count_out", data: { questionId: 1 } },
      player("p1", 20),
    ];
    const { state } = run([join("p1", "Ana"), start(0), countIn, countIn, countOut, countOut]);
    expect(questionCounters(state)).toEqual({ answered: 0, selecting: 0 });
    const after = run([countIn, answer("p1", 1, [12], 30), countOut], state).state;
    expect(questionCounters(after)).toEqual({ answered: 1, selecting: 1 });
  });
});

describe("flow", () => {
  it("start_quiz shows the first question with its timer running", () => {
    const { state, log } = run([join("p1", "Ana"), start(1_000)]);
    expect(log.map((event) => event.type)).toEqual([
      "player_joined",
      "quiz_started",
      "question_shown",
      "timer_started",
    ]);
    expect(state).toMatchObject({ phase: "answering", questionIndex: 0 });
    expect(timerRemainingMs(state, 6_000)).toBe(15_000);
  });

  it("next_question resets the counters and moves on; it is refused after the last question", () => {
    const { state } = run([
      join("p1", "Ana"),
      start(0),
      answer("p1", 1, [12], 100),
      [{ type: "next_question" }, moderator(5_000)],
    ]);
    expect(state.questionIndex).toBe(1);
    expect(questionCounters(state)).toEqual({ answered: 0, selecting: 0 });
    const last = run([[{ type: "next_question" }, moderator(6_000)]], state).state;
    expect(() => decide({ type: "next_question" }, last, moderator(7_000))).toThrow("no-such-question");
  });

  it("results, podium and final end the running timer first", () => {
    const { log, state } = run([join("p1", "Ana"), start(0), [{ type: "show_result" }, moderator(3_000)]]);
    expect(log.slice(-2).map((event) => event.type)).toEqual(["timer_ended", "result_shown"]);
    expect(state).toMatchObject({ phase: "closed", resultVisible: true });
    const podiumState = run(
      [
        [{ type: "show_podium" }, moderator(4_000)],
        [{ type: "back" }, moderator(5_000)],
      ],
      state,
    ).state;
    expect(podiumState.phase).toBe("closed");
    const finished = run([[{ type: "final" }, moderator(6_000)]], podiumState).state;
    expect(finished.phase).toBe("final");
    expect(() => decide({ type: "next_question" }, finished, moderator(7_000))).toThrow("quiz-not-running");
  });

  it("ignores a timer alarm for a question no longer shown", () => {
    const { state } = run([join("p1", "Ana"), start(0), [{ type: "next_question" }, moderator(5_000)]]);
    expect(decide({ type: "timer_end", data: { questionIndex: 0 } }, state, system(20_000))).toEqual([]);
  });

  it("only the moderator drives, only players answer, only the room adds players", () => {
    const { state } = run([join("p1", "Ana"), start(0)]);
    expect(() => decide({ type: "next_question" }, state, player("p1", 1))).toThrow("forbidden");
    expect(() =>
      decide({ type: "submit_answer", data: { questionId: 1, optionIds: [12] } }, state, moderator(1)),
    ).toThrow("forbidden");
    expect(() => decide({ type: "add_player", data: { playerId: "x", name: "X" } }, state, player("p1", 1))).toThrow(
      "forbidden",
    );
  });

  it("keeps a rejoining player and their points, and refuses a nickname taken by someone else", () => {
    const { state } = run([join("p1", "Ana"), start(0), answer("p1", 1, [12], 1_000)]);
    expect(decide({ type: "add_player", data: { playerId: "p1", name: "Ana" } }, state, system(2_000))).toEqual([]);
    expect(() => decide({ type: "add_player", data: { playerId: "p2", name: "ana" } }, state, system(2_000))).toThrow(
      "nickname-taken",
    );
  });
});

describe("leaderboard and podium", () => {
  it("ranks by points, ties broken by total answer time", () => {
    // 4,000 ms and 4,010 ms both round to 900 points on a 20 s question.
    const { state } = run([
      join("slow", "Slow"),
      join("fast", "Fast"),
      join("wrong", "Wrong"),
      start(0),
      answer("slow", 1, [12], 4_010),
      answer("fast", 1, [12], 4_000),
      answer("wrong", 1, [11], 1_000),
    ]);
    expect(leaderboard(state).map((entry) => [entry.name, entry.points, entry.rank])).toEqual([
      ["Fast", 900, 1],
      ["Slow", 900, 2],
      ["Wrong", 0, 3],
    ]);
    expect(votes(state, 1)).toEqual({ 11: 1, 12: 2, 13: 0 });
    expect(questionResult(state, 1)).toEqual([
      { name: "Fast", points: 900 },
      { name: "Slow", points: 900 },
      { name: "Wrong", points: 0 },
    ]);
  });

  it("puts ranks 1–3 on the stage and 4–30 in the list, only players who answered", () => {
    const steps: [QuizCommand, QuizContext][] = [];
    for (let i = 0; i < 35; i++) steps.push(join(`p${i}`, `Player ${i}`));
    steps.push(start(0));
    for (let i = 0; i < 33; i++) steps.push(answer(`p${i}`, 1, [12], 100 + i));
    const { stage, list } = podium(run(steps).state);
    expect(stage.map((entry) => entry.rank)).toEqual([1, 2, 3]);
    expect(list.map((entry) => entry.rank)).toEqual(Array.from({ length: 27 }, (_, i) => i + 4));
    expect(podium(run([join("p1", "Ana"), start(0)]).state)).toEqual({ stage: [], list: [] });
  });

  it("cuts names over 20 characters to their first word", () => {
    expect(podiumName("Jean-Baptiste de la Fontaine")).toBe("Jean-Baptiste");
    expect(podiumName("Camille Martin")).toBe("Camille Martin");
  });
});

describe("replay", () => {
  it("replaying the whole log gives the state built incrementally, for random quizzes", () => {
    let seed = 42;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const commands: QuizCommand[] = [
      { type: "next_question" },
      { type: "back_question" },
      { type: "timer_start" },
      { type: "timer_stop" },
      { type: "show_result" },
      { type: "hide_result" },
      { type: "show_podium" },
      { type: "back" },
    ];
    for (let round = 0; round < 50; round++) {
      let state = initialQuizState;
      const log: TimedQuizEvent[] = [];
      const apply = (command: QuizCommand, context: QuizContext) => {
        try {
          for (const event of decide(command, state, context)) {
            state = evolve(state, event);
            log.push(event);
          }
        } catch {
          // Refused commands change nothing.
        }
      };
      let now = 0;
      for (let i = 0; i < 5; i++)
        apply({ type: "add_player", data: { playerId: `p${i}`, name: `P${i}` } }, system(now));
      apply({ type: "start_quiz", data: { questions: QUESTIONS } }, moderator(now));
      for (let step = 0; step < 60; step++) {
        now += Math.floor(random() * 3_000);
        if (random() < 0.5) {
          const question = QUESTIONS[Math.floor(random() * QUESTIONS.length)] as QuizQuestion;
          const optionIds = question.optionIds.filter(() => random() < 0.5);
          apply(
            { type: "submit_answer", data: { questionId: question.id, optionIds } },
            player(`p${Math.floor(random() * 5)}`, now),
          );
        } else {
          apply(commands[Math.floor(random() * commands.length)] as QuizCommand, moderator(now));
        }
      }
      expect(replay(log)).toEqual(state);
    }
  });

  it("ignores event types it does not know, so old logs keep replaying", () => {
    const { log, state } = run([join("p1", "Ana"), start(0)]);
    const withUnknown = [
      ...log.slice(0, 2),
      { type: "confetti_fired", data: { colour: "gold" }, at: 5 },
      ...log.slice(2),
    ];
    expect(replay(withUnknown)).toEqual(state);
  });
});
