import {
  admitPlayerFrame,
  MAX_COUNTER_FRAMES_PER_QUESTION,
  PLAYER_FRAME_RATE,
  type PlayerAllowance,
  type PlayerFrame,
  takeFrame,
  WATCHER_FRAME_RATE,
} from "@core/quiz/frame-limit";
import { describe, expect, it } from "vitest";

/** Sends frames one after another at `now`, keeping the allowance; answers how many were taken. */
function send(frames: PlayerFrame[], now: number, currentQuestionId: number | null, from?: PlayerAllowance) {
  let allowance = from;
  let admitted = 0;
  for (const frame of frames) {
    const result = admitPlayerFrame(allowance, frame, now, currentQuestionId);
    allowance = result.allowance;
    if (result.admitted) admitted += 1;
  }
  return { admitted, allowance };
}

const counter = (index: number): PlayerFrame => ({ type: index % 2 === 0 ? "count_in" : "count_out", questionId: 7 });

describe("a player's frames", () => {
  it("given 1,000 count_in/count_out frames at once, then only the per-question cap is taken", () => {
    const { admitted } = send(
      Array.from({ length: 1_000 }, (_, index) => counter(index)),
      0,
      7,
    );
    expect(admitted).toBe(MAX_COUNTER_FRAMES_PER_QUESTION);
  });

  it("given counter frames spread over a whole question, then still no more than the cap", () => {
    let allowance: PlayerAllowance | undefined;
    let admitted = 0;
    for (let index = 0; index < 200; index++) {
      const result = send([counter(index)], index * 1_000, 7, allowance);
      allowance = result.allowance;
      admitted += result.admitted;
    }
    expect(admitted).toBe(MAX_COUNTER_FRAMES_PER_QUESTION);
  });

  it("given counter frames naming another question in between, then the current question's count is not reset", () => {
    const frames = Array.from(
      { length: 60 },
      (_, index): PlayerFrame => (index % 3 === 2 ? { type: "count_in", questionId: 8 } : counter(index)),
    );
    let allowance: PlayerAllowance | undefined;
    let admitted = 0;
    for (const [index, frame] of frames.entries()) {
      const result = send([frame], index * 1_000, 7, allowance);
      allowance = result.allowance;
      admitted += result.admitted;
    }
    expect(admitted).toBe(MAX_COUNTER_FRAMES_PER_QUESTION);
  });

  it("when the next question opens, then its counter frames are allowed again", () => {
    const first = send(
      Array.from({ length: 20 }, (_, index) => counter(index)),
      0,
      7,
    );
    const next = send([{ type: "count_in", questionId: 9 }], 10_000, 9, first.allowance);
    expect(next.admitted).toBe(1);
  });

  it("given a burst of syncs, then the burst is taken and the rest refused until the bucket refills", () => {
    const burst = send(
      Array.from({ length: 100 }, () => ({ type: "sync" }) as const),
      0,
      null,
    );
    expect(burst.admitted).toBe(PLAYER_FRAME_RATE.burst);
    const later = send([{ type: "sync" }], 1_000, null, burst.allowance);
    expect(later.admitted).toBe(1);
  });
});

describe("a watcher's syncs", () => {
  it("are taken at the watcher rate", () => {
    let bucket: ReturnType<typeof takeFrame>["bucket"] | undefined;
    let admitted = 0;
    for (let index = 0; index < 50; index++) {
      const result = takeFrame(bucket, 0, WATCHER_FRAME_RATE);
      bucket = result.bucket;
      admitted += Number(result.admitted);
    }
    expect(admitted).toBe(WATCHER_FRAME_RATE.burst);
  });
});
