import { type Ref, useCallback, useEffect, useImperativeHandle, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatPlayTime } from "./play-time";
import { FullscreenIcon, HideIcon, MutedIcon, PauseIcon, PlayIcon, SwapIcon, VolumeIcon } from "./player-icons";
import styles from "./synced-player.module.css";
import { useSyncedVideos } from "./use-synced-videos";

/** What a page (the watch pages, the chapter editor) drives the player with. */
export interface SyncedPlayerHandle {
  play(): void;
  pause(): void;
  togglePlay(): void;
  /** Seconds on the main video's clock; clamped to the video. */
  seek(seconds: number): void;
  currentTime(): number;
  duration(): number;
  toggleMute(): void;
  toggleFullscreen(): void;
}

/** How often the page hears the playing time while the video plays (ms): well inside the 250 ms the strip has. */
const TIME_REPORT_MS = 100;

/**
 * The main video (the clock) with the speaker's optional webcam kept on it (spec §4): with a
 * webcam, the main video is muted and the webcam carries the sound; the two swap between big and
 * mini (30 % of the player's width: the watch pages have no logo box for spec §9's size). A hidden
 * webcam is paused and the main video takes the sound back.
 */
export function SyncedPlayer({
  ref,
  mainSrc,
  webcamSrc,
  chaptersTrackSrc,
  startAt = 0,
  knownDuration = null,
  onTime,
  onPlayingChange,
  onFirstPlay,
  onError,
}: {
  ref?: Ref<SyncedPlayerHandle>;
  mainSrc: string;
  webcamSrc?: string | null;
  /** A WebVTT chapters file, for the browser's and assistive tools' chapter lists. */
  chaptersTrackSrc?: string;
  /** Where playing starts, in seconds (the presentation's `skip`). */
  startAt?: number;
  /**
   * The video's length in seconds as the server measured it (the version's `duration`), for a file
   * whose header has none: a browser's own recording (WebM from MediaRecorder) reports an infinite
   * `duration` until played to its end, which showed "1:30 / 0:00" and a seek bar stuck at 0.
   */
  knownDuration?: number | null;
  onTime?: (seconds: number) => void;
  /** The main video started (true) or stopped (false) playing. */
  onPlayingChange?: (playing: boolean) => void;
  onFirstPlay?: () => void;
  onError?: () => void;
}) {
  const { t } = useTranslation("watch");
  const container = useRef<HTMLDivElement>(null);
  const main = useRef<HTMLVideoElement>(null);
  const webcam = useRef<HTMLVideoElement>(null);
  const [paused, setPaused] = useState(true);
  const [muted, setMuted] = useState(false);
  const [webcamBig, setWebcamBig] = useState(false);
  const [webcamHidden, setWebcamHidden] = useState(false);
  const [time, setTime] = useState(0);
  const [elementDuration, setDuration] = useState(0);
  const duration =
    Number.isFinite(elementDuration) && elementDuration > 0 ? elementDuration : (knownDuration ?? elementDuration);
  const hasWebcam = Boolean(webcamSrc);
  const showWebcam = hasWebcam && !webcamHidden;

  useSyncedVideos(main, webcam, { enabled: hasWebcam, hidden: webcamHidden });

  // Spec §4: with a webcam the main video is muted and the webcam carries the sound.
  useEffect(() => {
    if (main.current) main.current.muted = muted || showWebcam;
    if (webcam.current) webcam.current.muted = muted || !showWebcam;
  }, [muted, showWebcam]);

  const onTimeRef = useRef(onTime);
  onTimeRef.current = onTime;
  const report = useCallback(() => {
    const video = main.current;
    if (!video) return;
    setTime(video.currentTime);
    onTimeRef.current?.(video.currentTime);
  }, []);

  useEffect(() => {
    if (paused) return;
    const timer = window.setInterval(report, TIME_REPORT_MS);
    return () => window.clearInterval(timer);
  }, [paused, report]);

  const knownDurationRef = useRef(knownDuration);
  knownDurationRef.current = knownDuration;
  const firstPlayed = useRef(false);
  const onFirstPlayRef = useRef(onFirstPlay);
  onFirstPlayRef.current = onFirstPlay;

  const seek = useCallback(
    (seconds: number) => {
      const video = main.current;
      if (!video) return;
      const end = Number.isFinite(video.duration)
        ? video.duration
        : (knownDurationRef.current ?? Number.POSITIVE_INFINITY);
      video.currentTime = Math.max(0, Math.min(end, seconds));
      report();
    },
    [report],
  );
  const togglePlay = useCallback(() => {
    const video = main.current;
    if (!video) return;
    if (video.paused) video.play().catch(() => undefined);
    else video.pause();
  }, []);
  const toggleFullscreen = useCallback(() => {
    if (document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
    else container.current?.requestFullscreen().catch(() => undefined);
  }, []);
  const toggleMute = useCallback(() => setMuted((value) => !value), []);

  useImperativeHandle(
    ref,
    () => ({
      play: () => main.current?.play().catch(() => undefined),
      pause: () => main.current?.pause(),
      togglePlay,
      seek,
      currentTime: () => main.current?.currentTime ?? 0,
      duration: () => {
        const own = main.current?.duration ?? 0;
        return Number.isFinite(own) && own > 0 ? own : (knownDurationRef.current ?? 0);
      },
      toggleMute,
      toggleFullscreen,
    }),
    [seek, togglePlay, toggleMute, toggleFullscreen],
  );

  const mainClass = showWebcam && webcamBig ? styles.mini : styles.big;
  const webcamClass = webcamBig ? styles.big : styles.mini;

  return (
    <div ref={container} className={styles.player} data-testid="synced-player">
      <div className={styles.stage}>
        {/* biome-ignore lint/a11y/useMediaCaption: talks have no caption files; the chapters track names their parts */}
        <video
          ref={main}
          className={mainClass}
          src={mainSrc}
          preload="metadata"
          playsInline
          onClick={togglePlay}
          onLoadedMetadata={(event) => {
            setDuration(event.currentTarget.duration);
            if (startAt > 0 && event.currentTarget.currentTime === 0) seek(startAt);
          }}
          onDurationChange={(event) => setDuration(event.currentTarget.duration)}
          onPlay={() => {
            setPaused(false);
            onPlayingChange?.(true);
          }}
          onPlaying={() => {
            if (firstPlayed.current) return;
            firstPlayed.current = true;
            onFirstPlayRef.current?.();
          }}
          onPause={() => {
            setPaused(true);
            onPlayingChange?.(false);
            report();
          }}
          onSeeked={report}
          onError={() => onError?.()}
          data-testid="main-video"
        >
          {chaptersTrackSrc ? <track kind="chapters" src={chaptersTrackSrc} default /> : null}
        </video>
        {hasWebcam ? (
          // biome-ignore lint/a11y/useMediaCaption: the webcam shows the speaker; its sound is the talk's
          <video
            ref={webcam}
            className={webcamClass}
            hidden={webcamHidden}
            src={webcamSrc ?? undefined}
            preload="metadata"
            playsInline
            onClick={() => setWebcamBig((value) => !value)}
            data-testid="webcam-video"
          />
        ) : null}
      </div>
      <div className={styles.controls}>
        <button
          type="button"
          className={styles.control}
          onClick={togglePlay}
          aria-label={paused ? t("player.play") : t("player.pause")}
          data-testid="player-toggle"
        >
          {paused ? <PlayIcon /> : <PauseIcon />}
        </button>
        <span className={styles.time} data-testid="player-time">
          {formatPlayTime(time)} / {formatPlayTime(duration)}
        </span>
        <input
          className={styles.seek}
          type="range"
          min={0}
          max={Number.isFinite(duration) && duration > 0 ? duration : 0}
          step={0.1}
          value={Math.min(time, duration || 0)}
          onChange={(event) => seek(Number(event.currentTarget.value))}
          aria-label={t("player.seek")}
          aria-valuetext={formatPlayTime(time)}
        />
        <button
          type="button"
          className={styles.control}
          onClick={toggleMute}
          aria-label={muted ? t("player.unmute") : t("player.mute")}
          aria-pressed={muted}
        >
          {muted ? <MutedIcon /> : <VolumeIcon />}
        </button>
        {hasWebcam ? (
          <>
            <button
              type="button"
              className={styles.control}
              onClick={() => setWebcamBig((value) => !value)}
              disabled={webcamHidden}
              aria-label={t("player.swap")}
              data-testid="player-swap"
            >
              <SwapIcon />
            </button>
            <button
              type="button"
              className={styles.control}
              onClick={() => setWebcamHidden((value) => !value)}
              aria-label={webcamHidden ? t("player.show-webcam") : t("player.hide-webcam")}
              aria-pressed={webcamHidden}
              data-testid="player-hide-webcam"
            >
              <HideIcon />
            </button>
          </>
        ) : null}
        <button
          type="button"
          className={styles.control}
          onClick={toggleFullscreen}
          aria-label={t("player.fullscreen")}
          data-testid="player-fullscreen"
        >
          <FullscreenIcon />
        </button>
      </div>
    </div>
  );
}
