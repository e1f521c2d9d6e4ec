import { env, runInDurableObject } from "cloudflare:test";
import type { LoggedQuizEvent } from "@core/quiz/evolve";
import { evolveAll, replay } from "@core/quiz/evolve";
import { initialQuizState, type QuizQuestion, type QuizState } from "@core/quiz/model";
import { leaderboard } from "@core/quiz/selectors";
import { QUIZ_COLLECTIONS, snapshotChanges, stateFromRows } from "@core/quiz/snapshot-rows";
import { describe, expect, it } from "vitest";
import { EventLog } from "../../party/lib/event-log";
import { StateRowStore } from "../../party/lib/state-rows";

const stubFor = (name: string) => env.QuizRoom.get(env.QuizRoom.idFromName(name));

/** A Durable Object's SQLite refuses any value over 2 MB; rows stay far below. */
const MAX_ROW_BYTES = 64 * 1024;

function quizLog(players: number, questions: number): LoggedQuizEvent[] {
  const asked: QuizQuestion[] = Array.from({ length: questions }, (_, index) => ({
    id: index + 1,
    isSurvey: false,
    optionIds: [1, 2, 3, 4],
    correctOptionIds: [(index % 4) + 1],
    limitMs: 20_000,
  }));
  const log: LoggedQuizEvent[] = [{ type: "quiz_started", data: { questions: asked }, at: 1 }];
  for (let p = 0; p < players; p++) {
    // Ids as the Worker makes them: `p<member id>`, joined in an order that is not the keys' order.
    log.push({ type: "player_joined", data: { playerId: `p${(p * 7919) % players}`, name: `Player ${p}` }, at: 2 });
  }
  for (const [index, question] of asked.entries()) {
    log.push({ type: "question_shown", data: { questionIndex: index }, at: 3 });
    log.push({ type: "timer_started", data: { questionIndex: index }, at: 3 });
    for (let p = 0; p < players; p++) {
      const data = {
        questionId: question.id,
        playerId: `p${p}`,
        optionIds: [(p % 4) + 1],
        elapsedMs: (p * 13) % 20_000,
      };
      log.push({ type: "answer_submitted", data, at: 4 });
    }
    log.push({ type: "result_shown", data: { questionIndex: index }, at: 5 });
  }
  return log;
}

describe("the quiz room's state stored as rows", () => {
  it("stores 30,000 answers in rows far below the 2 MB limit, written as changes, and reads back the same leaderboard", async () => {
    const log = quizLog(2_000, 15);
    await runInDurableObject(stubFor("rows-30000"), (_room, state) => {
      const store = new StateRowStore(state.storage);
      let folded: QuizState = initialQuizState;
      let stored: QuizState | undefined;
      let seq = 0;
      let largestWrite = 0;
      for (let i = 0; i < log.length; i += 500) {
        const batch = log.slice(i, i + 500);
        folded = evolveAll(folded, batch);
        seq += batch.length;
        const changes = snapshotChanges(QUIZ_COLLECTIONS, stored, folded);
        if (i > 0) largestWrite = Math.max(largestWrite, changes.upserts.length + changes.deletes.length);
        store.write(seq, changes);
        stored = folded;
      }
      // After the first write (the players), each writes what its 500 events changed.
      expect(largestWrite).toBeLessThanOrEqual(501);
      const stats = store.stats();
      expect(stats.rows).toBeGreaterThan(30_000);
      expect(stats.largestRow).toBeLessThan(MAX_ROW_BYTES);
      expect(stats.snapshots).toBe(Math.ceil(log.length / 500));
      const read = store.read();
      expect(read?.seq).toBe(log.length);
      const rebuilt = stateFromRows(QUIZ_COLLECTIONS, initialQuizState, read?.rows ?? []);
      expect(Object.keys(rebuilt.players)).toEqual(Object.keys(folded.players));
      expect(leaderboard(rebuilt)).toEqual(leaderboard(folded));
      expect(rebuilt).toEqual(replay(log));
    });
  });

  it("keeps a replaced row in its place and puts a deleted then written row last", async () => {
    await runInDurableObject(stubFor("rows-order"), (_room, state) => {
      const store = new StateRowStore(state.storage);
      store.write(1, { upserts: ["a", "b", "c"].map((key) => ({ key, value: "1" })), deletes: [] });
      store.write(2, { upserts: [{ key: "a", value: "2" }], deletes: [] });
      store.write(3, { upserts: [{ key: "b", value: "3" }], deletes: ["b"] });
      expect(store.read()).toEqual({
        seq: 3,
        rows: [
          { key: "a", value: "2" },
          { key: "c", value: "1" },
          { key: "b", value: "3" },
        ],
      });
    });
  });

  it("rebuilds a room stored by an older version (one JSON snapshot, no rows) by replaying its whole log", async () => {
    const log = quizLog(20, 2);
    const phase = await runInDurableObject(stubFor("rows-older"), async (room, state) => {
      const events = new EventLog(state.storage);
      events.append(log.map(({ at, type, data }) => ({ at, type, data })));
      // What an older version left: the state as one JSON value, here one that no longer matches.
      state.storage.sql.exec(
        "CREATE TABLE event_snapshot (id INTEGER PRIMARY KEY CHECK (id = 1), seq INTEGER NOT NULL, state TEXT NOT NULL)",
      );
      state.storage.sql.exec(
        "INSERT INTO event_snapshot (id, seq, state) VALUES (1, ?, ?)",
        log.length - 3,
        JSON.stringify({ phase: "lobby", stale: true }),
      );
      return room.phase();
    });
    expect(phase).toBe(replay(log).phase);
    expect(phase).toBe("answering");
  });
});
