import type { QuizServerMessage, WatchedQuizState } from "@core/protocol/quiz";
import type { StoredEvent } from "@core/protocol/stored-event";
import { MODERATOR_COMMANDS, type QuizCommand, type QuizContext } from "@core/quiz/commands";
import { decide } from "@core/quiz/decide";
import { evolveAll } from "@core/quiz/evolve";
import { questionResultShown, screenState, watcherSnapshot, watcherUpdate } from "@core/quiz/fan-out";
import { initialQuizState, type QuizQuestion, type QuizState } from "@core/quiz/model";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

const QUESTIONS: QuizQuestion[] = [
  { id: 1, isSurvey: false, optionIds: [11, 12, 13], correctOptionIds: [12], limitMs: 20_000 },
  { id: 2, isSurvey: false, optionIds: [21, 22, 23], correctOptionIds: [21, 23], limitMs: 20_000 },
];

const moderator = (now: number): QuizContext => ({ now, actor: { role: "moderator" } });
const player = (playerId: string, now: number): QuizContext => ({ now, actor: { role: "player", playerId } });
const system = (now: number): QuizContext => ({ now, actor: { role: "system" } });

/** A room in miniature: its log and state, and what each watcher role received, as the room sends it. */
class RoomRecorder {
  state: QuizState = initialQuizState;
  log: StoredEvent[] = [];
  received: Record<"moderator" | "screen", QuizServerMessage[]> = { moderator: [], screen: [] };

  constructor() {
    for (const role of ["moderator", "screen"] as const) {
      this.received[role].push(watcherSnapshot(role, { state: this.state, seq: 0, connected: 0, now: 0 }));
    }
  }

  /** Runs commands (refusals change nothing), then flushes their events to the watchers. */
  run(...steps: [QuizCommand, QuizContext][]) {
    const after = this.log.length;
    for (const [command, context] of steps) {
      try {
        for (const event of decide(command, this.state, context)) {
          const stored = { seq: this.log.length + 1, ...event };
          this.log.push(stored);
          this.state = evolveAll(this.state, [stored]);
        }
      } catch {
        // A refused command logs nothing.
      }
    }
    for (const role of ["moderator", "screen"] as const) {
      const update = watcherUpdate(role, {
        after,
        events: this.log.slice(after),
        state: this.state,
        connected: 0,
        now: 0,
      });
      if (update) this.received[role].push(update);
    }
    return this;
  }
}

/** What a watcher's browser holds after folding what it received (web/src/features/quiz/quiz-watch.ts). */
function folded(messages: QuizServerMessage[]): WatchedQuizState | null {
  let state: WatchedQuizState | null = null;
  let seq = 0;
  for (const message of messages) {
    if (message.type === "snapshot") {
      state = message.state;
      seq = message.seq;
    } else if (message.type === "events" && state) {
      expect(message.after).toBeLessThanOrEqual(seq);
      state = evolveAll(
        state as QuizState,
        message.events.filter((event) => event.seq > seq),
      ) as WatchedQuizState;
      seq = message.through;
    }
  }
  return state;
}

/** Every key anywhere in a value. */
function keysIn(value: unknown, keys = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysIn(item, keys);
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      keys.add(key);
      keysIn(inner, keys);
    }
  }
  return keys;
}

const eventTypes = (messages: QuizServerMessage[]) =>
  messages.flatMap((message) => (message.type === "events" ? message.events.map((event) => event.type) : []));

/** Two players in, the first question open, both answered and one selecting. */
function openQuestion() {
  return new RoomRecorder()
    .run(
      [{ type: "add_player", data: { playerId: "p1", name: "Ana" } }, system(0)],
      [{ type: "add_player", data: { playerId: "p2", name: "Bo" } }, system(0)],
      [{ type: "add_player", data: { playerId: "p3", name: "Cy" } }, system(0)],
    )
    .run([{ type: "start_quiz", data: { questions: QUESTIONS } }, moderator(1_000)])
    .run(
      [{ type: "answer_count_in", data: { questionId: 1 } }, player("p1", 2_000)],
      [{ type: "submit_answer", data: { questionId: 1, optionIds: [12] } }, player("p1", 3_000)],
      [{ type: "submit_answer", data: { questionId: 1, optionIds: [11] } }, player("p2", 4_000)],
      [{ type: "answer_count_in", data: { questionId: 1 } }, player("p3", 4_500)],
    );
}

describe("the big screen during an open question", () => {
  it("given players who answered, when the screen follows the room, then no frame holds a correct option, a point or an answer", () => {
    const room = openQuestion().run([{ type: "timer_stop" }, moderator(5_000)]);
    const keys = new Set(room.received.screen.flatMap((message) => [...keysIn(message)]));
    for (const forbidden of ["correctOptionIds", "correct", "points", "optionIdsChosen", "elapsedMs"]) {
      expect(keys.has(forbidden)).toBe(false);
    }
    expect(eventTypes(room.received.screen)).not.toContain("answer_submitted");
    expect(eventTypes(room.received.screen)).not.toContain("answer_counted_in");
    expect(folded(room.received.screen)).toMatchObject({ phase: "paused", answers: {}, selecting: {} });
  });

  it("given the same room, then the moderator receives every event and the whole state", () => {
    const room = openQuestion();
    expect(eventTypes(room.received.moderator)).toEqual(room.log.map((event) => event.type));
    expect(folded(room.received.moderator)).toEqual(room.state);
  });

  it("given answers only, when they are flushed, then the screen gets an empty range that still moves it on", () => {
    const room = openQuestion();
    const last = room.received.screen.at(-1);
    expect(last).toEqual({ type: "events", after: 6, through: 10, events: [] });
  });
});

describe("the big screen once results are shown", () => {
  it("when show_result, then it gets that question's correct options and votes, and no other question's", () => {
    const room = openQuestion().run([{ type: "show_result" }, moderator(6_000)]);
    const last = room.received.screen.at(-1);
    expect(last?.type).toBe("snapshot");
    const state = folded(room.received.screen);
    expect(state?.questions[0]?.correctOptionIds).toEqual([12]);
    expect(state?.questions[1]?.correctOptionIds).toBeUndefined();
    expect(Object.keys(state?.answers["1"] ?? {}).sort()).toEqual(["p1", "p2"]);
  });

  it("when the podium is shown, then it gets what ranks players but not the options they chose", () => {
    const room = openQuestion().run([{ type: "show_podium" }, moderator(6_000)]);
    const state = folded(room.received.screen);
    expect(state?.answers["1"]?.p1).toEqual({ elapsedMs: 2_000, points: 950 });
    expect(state?.questions[0]?.correctOptionIds).toBeUndefined();
  });

  it("when the next question opens, then the shown question's answers and correct options are gone again", () => {
    const room = openQuestion()
      .run([{ type: "show_result" }, moderator(6_000)])
      .run([{ type: "next_question" }, moderator(7_000)]);
    const state = folded(room.received.screen);
    expect(state?.answers).toEqual({});
    expect(state?.questions.every((question) => question.correctOptionIds === undefined)).toBe(true);
  });
});

describe("the screen's fold", () => {
  // Every moderator command but the start, which the quiz has already had.
  const commands = MODERATOR_COMMANDS.flatMap((type): QuizCommand[] => (type === "start_quiz" ? [] : [{ type }]));
  const step = fc.oneof(
    fc.record({ kind: fc.constant("moderator" as const), command: fc.constantFrom(...commands) }),
    fc.record({
      kind: fc.constant("answer" as const),
      playerId: fc.constantFrom("p1", "p2", "p3"),
      questionId: fc.constantFrom(1, 2),
      optionId: fc.constantFrom(11, 12, 21, 23),
    }),
    fc.record({
      kind: fc.constant("count" as const),
      playerId: fc.constantFrom("p1", "p2", "p3"),
      type: fc.constantFrom("answer_count_in" as const, "answer_count_out" as const),
    }),
    fc.record({ kind: fc.constant("join" as const), playerId: fc.constantFrom("p4", "p5") }),
  );

  it("folding what the screen receives always gives the screen's projection of the room, for any quiz", () => {
    fc.assert(
      fc.property(fc.array(fc.array(step, { maxLength: 4 }), { maxLength: 25 }), (flushes) => {
        const room = new RoomRecorder().run(
          [{ type: "add_player", data: { playerId: "p1", name: "Ana" } }, system(0)],
          [{ type: "start_quiz", data: { questions: QUESTIONS } }, moderator(1_000)],
        );
        let now = 1_000;
        for (const flush of flushes) {
          room.run(
            ...flush.map((item): [QuizCommand, QuizContext] => {
              now += 500;
              if (item.kind === "moderator") return [item.command, moderator(now)];
              if (item.kind === "join")
                return [{ type: "add_player", data: { playerId: item.playerId, name: item.playerId } }, system(now)];
              const questionId = room.state.questions[room.state.questionIndex]?.id ?? 1;
              if (item.kind === "count") return [{ type: item.type, data: { questionId } }, player(item.playerId, now)];
              return [
                { type: "submit_answer", data: { questionId: item.questionId, optionIds: [item.optionId] } },
                player(item.playerId, now),
              ];
            }),
          );
          expect(folded(room.received.screen)).toEqual(screenState(room.state));
          expect(folded(room.received.moderator)).toEqual(room.state);
          if (room.state.phase === "answering" || room.state.phase === "paused") {
            expect(screenState(room.state).answers).toEqual({});
          }
        }
      }),
    );
  });
});

describe("per-question results over HTTP", () => {
  it("are not told while the question is on screen with its results hidden, and are once shown", () => {
    const open = openQuestion();
    expect(questionResultShown(open.state, 1)).toBe(false);
    // Not reached yet.
    expect(questionResultShown(open.state, 2)).toBe(false);
    expect(questionResultShown(open.state, 99)).toBe(false);
    open.run([{ type: "show_result" }, moderator(6_000)]);
    expect(questionResultShown(open.state, 1)).toBe(true);
    open.run([{ type: "next_question" }, moderator(7_000)]);
    expect(questionResultShown(open.state, 1)).toBe(true);
    expect(questionResultShown(open.state, 2)).toBe(false);
  });

  it("are not told for a question the quiz has not reached, podium up or not; still told after going back", () => {
    const podium = openQuestion().run(
      [{ type: "show_result" }, moderator(6_000)],
      [{ type: "show_podium" }, moderator(6_500)],
    );
    expect(questionResultShown(podium.state, 1)).toBe(true);
    expect(questionResultShown(podium.state, 2)).toBe(false);
    const back = openQuestion().run(
      [{ type: "next_question" }, moderator(6_000)],
      [{ type: "submit_answer", data: { questionId: 2, optionIds: [21] } }, player("p1", 7_000)],
      [{ type: "show_result" }, moderator(8_000)],
      [{ type: "back_question" }, moderator(9_000)],
    );
    expect(back.state.questionIndex).toBe(0);
    expect(questionResultShown(back.state, 2)).toBe(true);
  });

  it("once shown, a question takes no more answers: the timer does not start again", () => {
    const room = openQuestion().run([{ type: "show_result" }, moderator(6_000)]);
    expect(() => decide({ type: "timer_start" }, room.state, moderator(7_000))).toThrow("question-closed");
  });
});
