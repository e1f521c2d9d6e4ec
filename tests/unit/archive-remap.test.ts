/** Restoring an archive under new ids (core/archive/remap.ts): logs, player keys and file keys follow. */
import { type IdMaps, remapFileReference, remapPlayerKey, remapQuizEvent } from "@core/archive/remap";
import type { StoredEvent } from "@core/protocol/stored-event";
import { replay } from "@core/quiz/evolve";
import { leaderboard } from "@core/quiz/selectors";
import { describe, expect, it } from "vitest";

const maps: IdMaps = {
  presentations: new Map([[7, 70]]),
  users: new Map([[3, 30]]),
  quizQuestions: new Map([[11, 110]]),
  quizOptions: new Map([
    [21, 210],
    [22, 220],
  ]),
  quizPlayers: new Map([
    [5, 50],
    [6, 60],
  ]),
};

const question = { id: 11, isSurvey: false, optionIds: [21, 22], correctOptionIds: [21], limitMs: 30_000 };
const log: StoredEvent[] = [
  { seq: 1, at: 0, type: "player_joined", data: { playerId: "p5", name: "Ada" } },
  { seq: 2, at: 1, type: "player_joined", data: { playerId: "p6", name: "Bob" } },
  { seq: 3, at: 2, type: "quiz_started", data: { questions: [question] } },
  { seq: 4, at: 3, type: "question_shown", data: { questionIndex: 0 } },
  { seq: 5, at: 4, type: "timer_started", data: { questionIndex: 0 } },
  {
    seq: 6,
    at: 5,
    type: "answer_submitted",
    data: { questionId: 11, playerId: "p5", optionIds: [21], elapsedMs: 900 },
  },
  {
    seq: 7,
    at: 6,
    type: "answer_submitted",
    data: { questionId: 11, playerId: "p6", optionIds: [22], elapsedMs: 400 },
  },
  { seq: 8, at: 7, type: "timer_ended", data: { questionIndex: 0 } },
  { seq: 9, at: 8, type: "final_shown", data: {} },
  { seq: 10, at: 9, type: "something_newer", data: { playerId: "p5" } },
];

const board = (events: StoredEvent[]) =>
  leaderboard(replay(events as Parameters<typeof replay>[0])).map(({ rank, name, points, totalTimeMs }) => ({
    rank,
    name,
    points,
    totalTimeMs,
  }));

describe("remapping a quiz room's log", () => {
  it("moves every id the events name to its new one", () => {
    const remapped = log.map((event) => remapQuizEvent(event, maps));
    expect(remapped[2]?.data).toEqual({
      questions: [{ ...question, id: 110, optionIds: [210, 220], correctOptionIds: [210] }],
    });
    expect(remapped[5]?.data).toEqual({ questionId: 110, playerId: "p50", optionIds: [210], elapsedMs: 900 });
    expect(remapped.map((event) => event.seq)).toEqual(log.map((event) => event.seq));
  });

  it("replays to the same leaderboard", () => {
    const remapped = log.map((event) => remapQuizEvent(event, maps));
    expect(board(remapped)).toEqual(board(log));
    expect(board(log).map((entry) => entry.name)).toEqual(["Ada", "Bob"]);
  });
});

describe("remapping keys", () => {
  it("moves live and self-paced player keys; an earlier run's player, with no row, gets a key of its own", () => {
    expect(remapPlayerKey("p5", maps)).toBe("p50");
    expect(remapPlayerKey("user:3", maps)).toBe("user:30");
    // p99's row was removed by a rerun: the restored p99 may be a new player of the later run.
    expect(remapPlayerKey("p99", maps)).toBe("archived-p99");
  });

  it("moves files under id-named folders, as keys or as URLs, and nothing else", () => {
    expect(remapFileReference("quiz/7/videos/u1", maps)).toBe("quiz/70/videos/u1");
    expect(remapFileReference("/api/files/quiz/7/images/a.png", maps)).toBe("/api/files/quiz/70/images/a.png");
    expect(remapFileReference("/api/files/pictures/users/3/p.png", maps)).toBe("/api/files/pictures/users/30/p.png");
    expect(remapFileReference("versions/abc/video.mp4", maps)).toBe("versions/abc/video.mp4");
    expect(remapFileReference("https://example.org/quiz/7/a.png", maps)).toBe("https://example.org/quiz/7/a.png");
  });
});
