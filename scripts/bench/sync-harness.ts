/**
 * The page `npm run bench:sync` drives in Chromium: the product's follower hook
 * (web/src/components/video/use-synced-videos.ts) on two videos, and the scenario with its
 * measurements, run in the page so that nothing crosses the DevTools connection while it plays.
 */
import { createElement, useEffect, useRef } from "react";
import { createRoot } from "react-dom/client";
import { useSyncedVideos } from "../../web/src/components/video/use-synced-videos";

export interface SyncBenchConfig {
  /** Media seconds to play in all. */
  playSeconds: number;
  seeks: number;
  pauses: number;
  playbackRate: number;
  seed: number;
}

export interface SyncBenchResult {
  /** |webcam − main| at each presented main frame while both play, outside seek and resume windows (s). */
  drifts: number[];
  /** Wall ms from each seek until both videos presented frames within 0.5 s of the target and of each other. */
  seekConvergenceMs: number[];
  /** Wall ms from each resume until both play within 0.5 s of each other. */
  resumeConvergenceMs: number[];
  /** Wall ms with |drift| over 0.5 s outside seek and resume windows, and the longest such stretch. */
  overToleranceMs: number;
  longestOverMs: number;
  /** Seeks of the follower the hook made itself to correct drift (not following a seek of the main). */
  correctiveSeeks: number;
  wallSeconds: number;
  playedSeconds: number;
  frames: number;
}

/** A repeatable pseudo-random sequence (mulberry32). */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface FrameClock {
  mediaTime: number;
  /** performance.now() of the frame's presentation. */
  at: number;
  count: number;
}

/** The latest presented frame of a video, from requestVideoFrameCallback. */
function watchFrames(video: HTMLVideoElement): FrameClock {
  const clock: FrameClock = { mediaTime: Number.NaN, at: 0, count: 0 };
  const onFrame = (_now: number, metadata: VideoFrameCallbackMetadata) => {
    clock.mediaTime = metadata.mediaTime;
    clock.at = metadata.expectedDisplayTime;
    clock.count++;
    video.requestVideoFrameCallback(onFrame);
  };
  video.requestVideoFrameCallback(onFrame);
  return clock;
}

/** Where a playing video's picture is at `now`: its last frame's time plus what played since. */
const mediaAt = (clock: FrameClock, now: number, rate: number) => clock.mediaTime + ((now - clock.at) / 1000) * rate;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function run(
  main: HTMLVideoElement,
  webcam: HTMLVideoElement,
  config: SyncBenchConfig,
): Promise<SyncBenchResult> {
  const next = random(config.seed);
  const mainFrames = watchFrames(main);
  const webcamFrames = watchFrames(webcam);
  const result: SyncBenchResult = {
    drifts: [],
    seekConvergenceMs: [],
    resumeConvergenceMs: [],
    overToleranceMs: 0,
    longestOverMs: 0,
    correctiveSeeks: 0,
    wallSeconds: 0,
    playedSeconds: 0,
    frames: 0,
  };
  let followingMain = false;
  main.addEventListener("seeking", () => {
    followingMain = true;
  });
  webcam.addEventListener("seeking", () => {
    if (!followingMain) result.correctiveSeeks++;
    followingMain = false;
  });

  const duration = main.duration;
  // Actions at random points of the played time, in order.
  const actions = [
    ...Array.from({ length: config.seeks }, () => ({ kind: "seek" as const, at: next() * config.playSeconds })),
    ...Array.from({ length: config.pauses }, () => ({ kind: "pause" as const, at: next() * config.playSeconds })),
  ].sort((a, b) => a.at - b.at);

  /** Waits until both videos present frames within 0.5 s of each other (and of `target`), answers the wall ms. */
  async function converge(target: number | null, started: number): Promise<number> {
    const mainCount = mainFrames.count;
    const webcamCount = webcamFrames.count;
    for (;;) {
      await sleep(10);
      const now = performance.now();
      if (now - started > 10_000) return now - started;
      if (mainFrames.count === mainCount || webcamFrames.count === webcamCount) continue;
      const mainAt = mediaAt(mainFrames, now, main.playbackRate);
      const webcamAt = mediaAt(webcamFrames, now, webcam.playbackRate);
      // The main video shows the target or later (it may have played on since), and the webcam the same.
      const playedSince = ((now - started) / 1000) * config.playbackRate;
      const onTarget = target === null || (mainAt > target - 0.5 && mainAt < target + 0.5 + playedSince);
      if (onTarget && Math.abs(webcamAt - mainAt) < 0.5) return now - started;
    }
  }

  main.playbackRate = config.playbackRate;
  main.currentTime = 0;
  await main.play();
  const begun = performance.now();
  let played = 0;
  let last = main.currentTime;
  let quietUntil = performance.now() + 1000;
  let overSince: number | null = null;
  let lastSample = performance.now();

  while (played < config.playSeconds) {
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const now = performance.now();
    const current = main.currentTime;
    if (current >= last) played += current - last;
    last = current;
    if (current > duration - 2) {
      main.currentTime = 0;
      last = 0;
      quietUntil = now + 1000;
      continue;
    }
    const action = actions[0];
    if (action && played >= action.at) {
      actions.shift();
      if (action.kind === "seek") {
        const target = next() * (duration - 30);
        const started = performance.now();
        main.currentTime = target;
        result.seekConvergenceMs.push(await converge(target, started));
      } else {
        main.pause();
        await sleep(300 + next() * 1200);
        const started = performance.now();
        await main.play();
        result.resumeConvergenceMs.push(await converge(null, started));
      }
      last = main.currentTime;
      quietUntil = performance.now() + 1000;
      overSince = null;
      lastSample = performance.now();
      continue;
    }
    const fresh = mainFrames.at > lastSample - 20 && webcamFrames.count > 0;
    if (now < quietUntil || main.paused || !fresh) {
      lastSample = now;
      continue;
    }
    const drift = Math.abs(
      mediaAt(webcamFrames, now, webcam.playbackRate) - mediaAt(mainFrames, now, main.playbackRate),
    );
    result.drifts.push(drift);
    result.frames++;
    if (drift > 0.5) {
      result.overToleranceMs += now - lastSample;
      overSince ??= lastSample;
      result.longestOverMs = Math.max(result.longestOverMs, now - overSince);
    } else overSince = null;
    lastSample = now;
  }
  main.pause();
  result.wallSeconds = (performance.now() - begun) / 1000;
  result.playedSeconds = played;
  return result;
}

function Harness({ mainSrc, webcamSrc }: { mainSrc: string; webcamSrc: string }) {
  const main = useRef<HTMLVideoElement>(null);
  const webcam = useRef<HTMLVideoElement>(null);
  useSyncedVideos(main, webcam, { enabled: true, hidden: false });
  useEffect(() => {
    const bench = window as unknown as { runSyncBench: (config: SyncBenchConfig) => Promise<SyncBenchResult> };
    bench.runSyncBench = async (config) => {
      const [mainVideo, webcamVideo] = [main.current, webcam.current];
      if (!mainVideo || !webcamVideo) throw new Error("videos not mounted");
      for (const video of [mainVideo, webcamVideo]) {
        if (video.readyState < HTMLMediaElement.HAVE_METADATA) {
          await new Promise((resolve) => video.addEventListener("loadedmetadata", resolve, { once: true }));
        }
      }
      return run(mainVideo, webcamVideo, config);
    };
    document.body.dataset.ready = "true";
  }, []);
  return createElement(
    "div",
    { style: { display: "flex", gap: 8 } },
    createElement("video", {
      ref: main,
      src: mainSrc,
      muted: true,
      playsInline: true,
      preload: "auto",
      width: 640,
      height: 360,
    }),
    createElement("video", {
      ref: webcam,
      src: webcamSrc,
      muted: true,
      playsInline: true,
      preload: "auto",
      width: 320,
      height: 180,
    }),
  );
}

const root = document.getElementById("root");
if (root) createRoot(root).render(createElement(Harness, { mainSrc: "/main.mp4", webcamSrc: "/webcam.mp4" }));
