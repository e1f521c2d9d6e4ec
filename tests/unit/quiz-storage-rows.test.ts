import type { LoggedQuizEvent } from "@core/quiz/evolve";
import { evolveAll, replay } from "@core/quiz/evolve";
import { initialQuizState, type QuizQuestion, type QuizState } from "@core/quiz/model";
import { leaderboard } from "@core/quiz/selectors";
import {
  META_KEY,
  QUIZ_COLLECTIONS,
  type RowChanges,
  type StateRow,
  snapshotChanges,
  stateFromRows,
} from "@core/quiz/snapshot-rows";
import fc from "fast-check";
import { describe, expect, it } from "vitest";

/** A Durable Object's SQLite refuses any value over 2 MB; rows stay far below. */
const MAX_ROW_BYTES = 64 * 1024;

const QUESTIONS: QuizQuestion[] = [1, 2, 3].map((id) => ({
  id,
  isSurvey: id === 3,
  optionIds: [id * 10 + 1, id * 10 + 2, id * 10 + 3],
  correctOptionIds: id === 3 ? [] : [id * 10 + 2],
  limitMs: 20_000,
}));

/** The room's table in miniature: an upsert keeps a row's place, a new row goes last (SQLite's rowid). */
class RowTable {
  readonly rows = new Map<string, string>();
  seq = 0;

  write(seq: number, changes: RowChanges) {
    for (const key of changes.deletes) this.rows.delete(key);
    for (const row of changes.upserts) this.rows.set(row.key, row.value);
    this.seq = seq;
  }

  read(): StateRow[] {
    return [...this.rows].map(([key, value]) => ({ key, value }));
  }
}

const playerId = fc.constantFrom("p1", "p2", "p3", "p4", "p5", "constructor", "12", "3");
const questionId = fc.constantFrom(1, 2, 3);
const event: fc.Arbitrary<LoggedQuizEvent> = fc
  .oneof(
    fc.record({ type: fc.constant("player_joined"), data: fc.record({ playerId, name: fc.string({ maxLength: 8 }) }) }),
    fc.record({ type: fc.constant("quiz_started"), data: fc.constant({ questions: QUESTIONS }) }),
    fc.record({ type: fc.constant("question_shown"), data: fc.record({ questionIndex: fc.constantFrom(0, 1, 2) }) }),
    fc.record({
      type: fc.constantFrom("timer_started", "timer_stopped", "timer_ended"),
      data: fc.constant({ questionIndex: 0 }),
    }),
    fc.record({
      type: fc.constant("answer_submitted"),
      data: fc.record({
        questionId,
        playerId,
        optionIds: fc.array(fc.integer({ min: 11, max: 33 }), { maxLength: 2 }),
        elapsedMs: fc.nat(20_000),
      }),
    }),
    fc.record({
      type: fc.constantFrom("answer_counted_in", "answer_counted_out"),
      data: fc.record({ questionId, playerId }),
    }),
    fc.record({
      type: fc.constantFrom("result_shown", "podium_shown", "final_shown"),
      data: fc.constant({ questionIndex: 0 }),
    }),
    fc.record({ type: fc.constant("quiz_reset"), data: fc.record({ run: fc.integer({ min: 2, max: 5 }) }) }),
    fc.record({ type: fc.constant("from_a_newer_version"), data: fc.constant({}) }),
  )
  .map((value) => ({ ...value, at: 0 }) as LoggedQuizEvent);
const timed = (events: LoggedQuizEvent[]) => events.map((value, index) => ({ ...value, at: 1_000 + index * 100 }));

/** Folds batches, writing a snapshot after each of those `snapshotAfter` says, as the room does. */
function runRoom(batches: LoggedQuizEvent[][], snapshotAfter: (index: number) => boolean) {
  const table = new RowTable();
  let state = initialQuizState;
  let stored: QuizState | undefined;
  let seq = 0;
  for (const [index, batch] of batches.entries()) {
    state = evolveAll(state, batch);
    seq += batch.length;
    if (!snapshotAfter(index)) continue;
    const changes = snapshotChanges(QUIZ_COLLECTIONS, stored, state);
    for (const row of changes.upserts) expect(row.value.length + row.key.length).toBeLessThan(MAX_ROW_BYTES);
    table.write(seq, changes);
    stored = state;
  }
  return { table, state, stored };
}

describe("room state stored as rows", () => {
  it("recomposes, from the rows of incremental snapshots, exactly the state the whole log folds to", () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(event, { minLength: 1, maxLength: 6 }), { maxLength: 25 }),
        fc.func(fc.boolean()),
        (raw, snapshotAfter) => {
          const batches = raw.map(timed);
          const { table, state, stored } = runRoom(batches, (index) => snapshotAfter(index));
          const whole = replay(batches.flat());
          expect(state).toEqual(whole);
          if (!stored) return;
          const recomposed = stateFromRows(QUIZ_COLLECTIONS, initialQuizState, table.read());
          expect(recomposed).toEqual(stored);
          expect(Object.keys(recomposed.players)).toEqual(Object.keys(stored.players));
          // A restart folds the log after the snapshot onto the rows: the same state as the whole log.
          const tail = batches.flat().slice(table.seq);
          expect(evolveAll(recomposed, tail)).toEqual(whole);
          expect(leaderboard(evolveAll(recomposed, tail))).toEqual(leaderboard(whole));
        },
      ),
      { numRuns: 1_000 },
    );
  }, 60_000);

  it("writes nothing when nothing changed, and only the changed entities otherwise", () => {
    const joined = replay(
      timed([
        { type: "player_joined", data: { playerId: "a", name: "Ana" }, at: 0 },
        { type: "player_joined", data: { playerId: "b", name: "Bo" }, at: 0 },
        { type: "quiz_started", data: { questions: QUESTIONS }, at: 0 },
      ]),
    );
    expect(snapshotChanges(QUIZ_COLLECTIONS, joined, joined)).toEqual({ upserts: [], deletes: [] });
    const answered = evolveAll(
      joined,
      timed([
        { type: "answer_submitted", data: { questionId: 1, playerId: "b", optionIds: [12], elapsedMs: 900 }, at: 0 },
      ]),
    );
    expect(snapshotChanges(QUIZ_COLLECTIONS, joined, answered).upserts.map((row) => row.key)).toEqual([
      JSON.stringify(["answers", "1", "b"]),
    ]);
    const reset = evolveAll(answered, timed([{ type: "quiz_reset", data: { run: 2 }, at: 0 }]));
    const changes = snapshotChanges(QUIZ_COLLECTIONS, answered, reset);
    expect(changes.upserts.map((row) => row.key)).toEqual([META_KEY]);
    expect(changes.deletes.sort()).toEqual(
      [
        ["players", "a"],
        ["players", "b"],
        ["answers", "1", "b"],
      ]
        .map((path) => JSON.stringify(path))
        .sort(),
    );
  });

  it("keeps the joining order of players who join again after a reset, in another order", () => {
    const join = (playerId: string): LoggedQuizEvent => ({
      type: "player_joined",
      data: { playerId, name: playerId },
      at: 0,
    });
    const table = new RowTable();
    const first = replay(timed([join("p1")]));
    table.write(1, snapshotChanges(QUIZ_COLLECTIONS, undefined, first));
    const again = evolveAll(first, timed([{ type: "quiz_reset", data: { run: 2 }, at: 0 }, join("p2"), join("p1")]));
    table.write(4, snapshotChanges(QUIZ_COLLECTIONS, first, again));
    const recomposed = stateFromRows(QUIZ_COLLECTIONS, initialQuizState, table.read());
    expect(Object.keys(recomposed.players)).toEqual(["p2", "p1"]);
    expect(recomposed).toEqual(again);
  });

  it("loads a meta row written before a field existed with that field's initial value", () => {
    const { run: _run, ...older } = { ...initialQuizState, phase: "final" as const };
    const state = stateFromRows(QUIZ_COLLECTIONS, initialQuizState, [{ key: META_KEY, value: JSON.stringify(older) }]);
    expect(state).toEqual({ ...initialQuizState, phase: "final", run: 1 });
  });

  it("rebuilds the same leaderboard after a restart at 30,000 answers, every row small", () => {
    const players = 2_000;
    const questions: QuizQuestion[] = Array.from({ length: 15 }, (_, index) => ({
      id: index + 1,
      isSurvey: false,
      optionIds: [1, 2, 3, 4],
      correctOptionIds: [(index % 4) + 1],
      limitMs: 20_000,
    }));
    const log: LoggedQuizEvent[] = [{ type: "quiz_started", data: { questions }, at: 1 }];
    for (let p = 0; p < players; p++) {
      log.push({ type: "player_joined", data: { playerId: `player-${p}`, name: `Player ${p}` }, at: 2 });
    }
    for (const [index, question] of questions.entries()) {
      log.push({ type: "question_shown", data: { questionIndex: index }, at: 3 });
      for (let p = 0; p < players; p++) {
        const data = {
          questionId: question.id,
          playerId: `player-${p}`,
          optionIds: [(p % 4) + 1],
          elapsedMs: (p * 7) % 20_000,
        };
        log.push({ type: "answer_submitted", data, at: 4 });
      }
      log.push({ type: "result_shown", data: { questionIndex: index }, at: 5 });
    }
    const batches: LoggedQuizEvent[][] = [];
    for (let i = 0; i < log.length; i += 50) batches.push(log.slice(i, i + 50));
    // A snapshot every 10 batches (500 events), as the room writes them; the last ones stay in the log.
    const { table, state } = runRoom(batches, (index) => index % 10 === 9);
    expect(Object.values(state.answers).reduce((sum, answers) => sum + Object.keys(answers).length, 0)).toBe(30_000);
    const rows = table.read();
    expect(rows.length).toBeGreaterThan(30_000);
    expect(Math.max(...rows.map((row) => row.key.length + row.value.length))).toBeLessThan(MAX_ROW_BYTES);
    const restarted = evolveAll(stateFromRows(QUIZ_COLLECTIONS, initialQuizState, rows), log.slice(table.seq));
    expect(leaderboard(restarted)).toEqual(leaderboard(state));
    expect(restarted).toEqual(state);
  }, 60_000);
});
