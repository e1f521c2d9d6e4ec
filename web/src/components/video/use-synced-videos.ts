import { type RefObject, useEffect } from "react";
import { followerAction } from "./follower-sync";

/** How often the follower is checked against the clock while playing (ms). */
const SYNC_INTERVAL_MS = 100;

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

    const step = () => {
      const action = followerAction(
        { time: clock.currentTime, rate: clock.playbackRate, paused: clock.paused },
        {
          time: other.currentTime,
          ready: other.readyState >= HTMLMediaElement.HAVE_FUTURE_DATA,
          seeking: other.seeking,
          duration: other.duration,
        },
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
    const timer = window.setInterval(step, SYNC_INTERVAL_MS);
    seekFollower();
    return () => {
      for (const name of events) clock.removeEventListener(name, step);
      clock.removeEventListener("seeking", seekFollower);
      window.clearInterval(timer);
    };
  }, [main, follower, enabled, hidden]);
}
