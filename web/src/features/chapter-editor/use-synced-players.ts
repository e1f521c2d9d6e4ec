import { SEEK_THROTTLE_MS } from "@core/chapters/constants";
import { useCallback, useEffect, useRef, useState } from "react";
import { useSyncedVideos } from "../../components/video/use-synced-videos";

/**
 * The main video and the muted webcam beside it (spec 2 §4), synced as on the watch page (the
 * webcam follows the main video's play, pause, seeks and clock: `useSyncedVideos`). Seeks are
 * throttled to one per 40 ms (the last one always lands); a seek asked before the video has its
 * metadata is applied once it has.
 */
export function useSyncedPlayers(hasWebcam: boolean) {
  const main = useRef<HTMLVideoElement>(null);
  const webcam = useRef<HTMLVideoElement>(null);
  const [timeMs, setTimeMs] = useState(0);
  const [playing, setPlaying] = useState(false);
  const lastSeek = useRef(0);
  const pendingSeek = useRef<ReturnType<typeof setTimeout> | null>(null);
  /** The last time asked for. */
  const wanted = useRef<number | null>(null);
  useSyncedVideos(main, webcam, { enabled: hasWebcam, hidden: false });

  useEffect(() => {
    const video = main.current;
    if (!video) return;
    const onTime = () => {
      // Before its metadata a video reports 0, not the time asked for.
      if (video.readyState < HTMLMediaElement.HAVE_METADATA) return;
      setTimeMs(Math.round(video.currentTime * 1000));
    };
    const onMetadata = () => {
      if (wanted.current !== null) video.currentTime = wanted.current / 1000;
    };
    const onPlay = () => setPlaying(true);
    const onPause = () => setPlaying(false);
    video.addEventListener("loadedmetadata", onMetadata);
    video.addEventListener("timeupdate", onTime);
    video.addEventListener("seeked", onTime);
    video.addEventListener("play", onPlay);
    video.addEventListener("pause", onPause);
    return () => {
      video.removeEventListener("loadedmetadata", onMetadata);
      video.removeEventListener("timeupdate", onTime);
      video.removeEventListener("seeked", onTime);
      video.removeEventListener("play", onPlay);
      video.removeEventListener("pause", onPause);
      if (pendingSeek.current) clearTimeout(pendingSeek.current);
    };
  }, []);

  const seek = useCallback((ms: number) => {
    const target = Math.max(0, ms);
    wanted.current = target;
    setTimeMs(Math.round(target));
    const apply = () => {
      lastSeek.current = Date.now();
      pendingSeek.current = null;
      if (main.current) main.current.currentTime = target / 1000;
    };
    if (pendingSeek.current) clearTimeout(pendingSeek.current);
    const wait = lastSeek.current + SEEK_THROTTLE_MS - Date.now();
    if (wait <= 0) apply();
    else pendingSeek.current = setTimeout(apply, wait);
  }, []);

  const togglePlay = useCallback(() => {
    const video = main.current;
    if (!video) return;
    if (video.paused) void video.play().catch(() => undefined);
    else video.pause();
  }, []);

  return { main, webcam, timeMs, playing, seek, togglePlay };
}
