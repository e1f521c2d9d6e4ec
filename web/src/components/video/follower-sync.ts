/** Spec §9: the webcam may lag or lead the main video by at most this much before it is re-seeked. */
export const SYNC_TOLERANCE_SECONDS = 0.5;
/** Below this the follower is left alone: closer than a frame or two is as good as it gets. */
const DEAD_BAND_SECONDS = 0.04;
/** The most the follower's rate departs from the main's while it catches up (±8 %, inaudible). */
const MAX_RATE_NUDGE = 0.08;
/** Rate change per second of drift: 0.2 s of drift → 8 %, closing it in about 2.5 s. */
const NUDGE_PER_SECOND = 0.4;

/** What the follower (the webcam) is doing, read from its media element. */
export interface FollowerState {
  time: number;
  /** Enough data to play on (readyState ≥ HAVE_FUTURE_DATA). */
  ready: boolean;
  seeking: boolean;
  duration: number;
}

/** What the clock (the main video) is doing. */
export interface ClockState {
  time: number;
  rate: number;
  paused: boolean;
}

/** What to do to the follower now: a seek to a time, else a playback rate. */
export type FollowerAction = { kind: "wait" } | { kind: "seek"; to: number } | { kind: "rate"; rate: number };

/**
 * One step of keeping a follower on the main video's clock (spec §4, §9). A stream that is
 * seeking or waiting for data is never re-seeked: a new seek would throw away the data it is
 * fetching and it would never catch up. Past the tolerance it is seeked, to where the clock will
 * be once the seek is done (`seekSeconds`, the follower's recent seek time, at the clock's rate),
 * else it would land behind and be seeked again; below the tolerance its rate is nudged.
 */
export function followerAction(clock: ClockState, follower: FollowerState, seekSeconds = 0): FollowerAction {
  if (follower.seeking || !follower.ready) return { kind: "wait" };
  const end = Number.isFinite(follower.duration) ? follower.duration : Number.POSITIVE_INFINITY;
  const target = Math.min(clock.time, end);
  const drift = follower.time - target;
  if (clock.paused) {
    return Math.abs(drift) > DEAD_BAND_SECONDS ? { kind: "seek", to: target } : { kind: "rate", rate: clock.rate };
  }
  if (Math.abs(drift) > SYNC_TOLERANCE_SECONDS) {
    return { kind: "seek", to: Math.min(end, clock.time + seekSeconds * clock.rate) };
  }
  if (Math.abs(drift) <= DEAD_BAND_SECONDS) return { kind: "rate", rate: clock.rate };
  const nudge = Math.max(-MAX_RATE_NUDGE, Math.min(MAX_RATE_NUDGE, -drift * NUDGE_PER_SECOND));
  return { kind: "rate", rate: clock.rate * (1 + nudge) };
}
