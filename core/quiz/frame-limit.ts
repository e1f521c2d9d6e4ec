/**
 * How many frames one sender may put to the quiz room, so that one player (or one big screen
 * asking to sync) cannot flood the room's log or its CPU. A token bucket per sender: a burst,
 * then a steady rate. A player's selection counter frames (`count_in` / `count_out`) are also
 * capped per question: a player changes from "nothing chosen" to "something chosen" a few times
 * at most, and only real changes are logged (decide.ts), so the log of a question holds a bounded
 * number of counter events per player. Pure: the room keeps each sender's allowance in memory.
 */

/** A token bucket: `tokens` left at time `at`. */
export interface FrameBucket {
  tokens: number;
  at: number;
}

export interface FrameRate {
  burst: number;
  perSecond: number;
}

/** A player's frames: answers, counters and syncs together. */
export const PLAYER_FRAME_RATE: FrameRate = { burst: 20, perSecond: 4 };
/** A watcher's frames (syncs; the moderator's commands are not limited). */
export const WATCHER_FRAME_RATE: FrameRate = { burst: 10, perSecond: 2 };
/** Selection counter frames a player may send per question (three selections and clearings). */
export const MAX_COUNTER_FRAMES_PER_QUESTION = 6;

/** Takes one frame from the bucket; the bucket is refilled for the time elapsed first. */
export function takeFrame(
  bucket: FrameBucket | undefined,
  now: number,
  rate: FrameRate,
): { admitted: boolean; bucket: FrameBucket } {
  const elapsedSeconds = bucket ? Math.max(0, now - bucket.at) / 1000 : 0;
  const tokens = Math.min(rate.burst, (bucket?.tokens ?? rate.burst) + elapsedSeconds * rate.perSecond);
  return tokens >= 1
    ? { admitted: true, bucket: { tokens: tokens - 1, at: now } }
    : { admitted: false, bucket: { tokens, at: now } };
}

export interface PlayerAllowance {
  bucket: FrameBucket;
  /** The question of the counter frames counted below. */
  counterQuestionId: number | null;
  counterFrames: number;
}

/** A frame a player sends, as far as limits go. */
export type PlayerFrame = { type: "answer" | "sync" } | { type: "count_in" | "count_out"; questionId: number };

/**
 * Whether the room takes a player's frame, and the player's allowance after it. `currentQuestionId`
 * is the question on screen: a counter frame about another one would change nothing, and naming
 * other questions must not reset the count of the current one.
 */
export function admitPlayerFrame(
  allowance: PlayerAllowance | undefined,
  frame: PlayerFrame,
  now: number,
  currentQuestionId: number | null,
): { admitted: boolean; allowance: PlayerAllowance } {
  const taken = takeFrame(allowance?.bucket, now, PLAYER_FRAME_RATE);
  const sameQuestion = allowance?.counterQuestionId === currentQuestionId;
  const counterFrames = sameQuestion ? (allowance?.counterFrames ?? 0) : 0;
  const next = (admitted: boolean, frames: number) => ({
    admitted,
    allowance: { bucket: taken.bucket, counterQuestionId: currentQuestionId, counterFrames: frames },
  });
  if (!taken.admitted) return next(false, counterFrames);
  if (frame.type !== "count_in" && frame.type !== "count_out") return next(true, counterFrames);
  if (frame.questionId !== currentQuestionId || counterFrames >= MAX_COUNTER_FRAMES_PER_QUESTION) {
    return next(false, counterFrames);
  }
  return next(true, counterFrames + 1);
}
