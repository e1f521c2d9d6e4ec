import { type RefObject, useEffect } from "react";
import { followerAction } from "./follower-sync";

/** How often the follower is checked against the clock while playing (ms). */
const SYNC_INTERVAL_MS = 100;
/** A seek's time is averaged over the last few (weight of the newest); the first guess is 150 ms. */
const SEEK_TIME_WEIGHT = 0.3;
const FIRST_SEEK_GUESS_SECONDS = 0.15;
/** A seek that took longer than this was waiting for the network, not a measure of decoding. */
const MAX_SEEK_GUESS_SECONDS = 1;

/**
 * Keeps `follower` (the webcam) on `main`'s clock (spec §4): play, pause, rate and seeks follow
 * the main video; drift is corrected by `followerAction`. A follower that is `hidden` is paused and
 * left alone until shown again, when it is brought back to the main's time.
 */
export function useSyncedVideos(
  main: RefObject<HTMLVideoElement | null>,
  follower: RefObject<HTMLVideoElement | null>,
  { enabled, hidden }: { enabled: boolean; hidden: boolean },
) {
  useEffect(() => {
    const clock = main.current;
    const other = follower.current;
    if (!enabled || !clock || !other) return;
    if (hidden) {
      other.pause();
      return;
    }

    // How long the follower's seeks take, so a corrective seek aims where the clock will be.
    let seekSeconds = FIRST_SEEK_GUESS_SECONDS;
    let seekStarted: number | null = null;
    const onFollowerSeeking = () => {
      seekStarted = performance.now();
    };
    const onFollowerSeeked = () => {
      if (seekStarted === null) return;
      const took = Math.min(MAX_SEEK_GUESS_SECONDS, (performance.now() - seekStarted) / 1000);
      seekSeconds = seekSeconds * (1 - SEEK_TIME_WEIGHT) + took * SEEK_TIME_WEIGHT;
      seekStarted = null;
    };

    const step = () => {
      const action = followerAction(
        { time: clock.currentTime, rate: clock.playbackRate, paused: clock.paused },
        {
          time: other.currentTime,
          ready: other.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA,
          seeking: other.seeking,
          duration: other.duration,
        },
        seekSeconds,
      );
      if (action.kind === "seek") other.currentTime = action.to;
      else if (action.kind === "rate" && other.playbackRate !== action.rate) other.playbackRate = action.rate;
      // The clock waiting for data stops its follower too, else the follower runs ahead.
      const clockRunning = !clock.paused && clock.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA && !clock.seeking;
      const followerDone = Number.isFinite(other.duration) && clock.currentTime >= other.duration;
      if (clockRunning && other.paused && !followerDone) other.play().catch(() => undefined);
      if (!clockRunning && !other.paused) other.pause();
    };

    const seekFollower = () => {
      // A seek asked by the viewer moves the follower at once, even from a seek of its own in progress.
      other.currentTime = clock.currentTime;
      step();
    };
    const events = ["play", "playing", "pause", "waiting", "ratechange"] as const;
    for (const name of events) clock.addEventListener(name, step);
    clock.addEventListener("seeking", seekFollower);
    other.addEventListener("seeking", onFollowerSeeking);
    other.addEventListener("seeked", onFollowerSeeked);
    const timer = window.setInterval(step, SYNC_INTERVAL_MS);
    seekFollower();
    return () => {
      for (const name of events) clock.removeEventListener(name, step);
      clock.removeEventListener("seeking", seekFollower);
      other.removeEventListener("seeking", onFollowerSeeking);
      other.removeEventListener("seeked", onFollowerSeeked);
      window.clearInterval(timer);
    };
  }, [main, follower, enabled, hidden]);
}
