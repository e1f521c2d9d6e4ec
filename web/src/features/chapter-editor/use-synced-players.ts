import { SEEK_THROTTLE_MS } from "@core/chapters/constants";
import { useCallback, useEffect, useRef, useState } from "react";
import type { SyncedPlayerHandle } from "../../components/video/synced-player";

/**
 * Drives the watch page's player (`SyncedPlayer`: the main video, the webcam kept on it) for the
 * editor: the playing time in ms, whether it plays, play/pause, and seeks throttled to one per 40 ms (the last one
 * always lands).
 */
export function useSyncedPlayers() {
  const player = useRef<SyncedPlayerHandle>(null);
  const [timeMs, setTimeMs] = useState(0);
  const [playing, setPlaying] = useState(false);
  const lastSeek = useRef(0);
  const pendingSeek = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (pendingSeek.current) clearTimeout(pendingSeek.current);
    },
    [],
  );

  const onTime = useCallback((seconds: number) => setTimeMs(Math.round(seconds * 1000)), []);

  const seek = useCallback((ms: number) => {
    const target = Math.max(0, ms);
    setTimeMs(Math.round(target));
    const apply = () => {
      lastSeek.current = Date.now();
      pendingSeek.current = null;
      player.current?.seek(target / 1000);
    };
    if (pendingSeek.current) clearTimeout(pendingSeek.current);
    const wait = lastSeek.current + SEEK_THROTTLE_MS - Date.now();
    if (wait <= 0) apply();
    else pendingSeek.current = setTimeout(apply, wait);
  }, []);

  const togglePlay = useCallback(() => player.current?.togglePlay(), []);

  return { player, timeMs, onTime, seek, togglePlay, playing, onPlayingChange: setPlaying };
}
