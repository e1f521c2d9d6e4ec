import { useCallback, useEffect, useState } from "react";
import type { WatchVideo } from "./watch-api";

export type WatchVideoState =
  | { kind: "loading" }
  | { kind: "failed" }
  | { kind: "none" }
  | { kind: "ready"; video: WatchVideo };

/**
 * Loads what a watch page plays with `load`; a failure is kept (the page offers to retry, spec §2
 * "shows a retry message if loading fails") and `retry` loads again.
 */
export function useWatchVideo(load: (signal: AbortSignal) => Promise<WatchVideo | null>, key: string) {
  const [state, setState] = useState<WatchVideoState>({ kind: "loading" });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `load` is a new function each render; `key` names what it loads
  useEffect(() => {
    const abort = new AbortController();
    setState({ kind: "loading" });
    load(abort.signal)
      .then((video) => setState(video?.video ? { kind: "ready", video } : { kind: "none" }))
      .catch(() => {
        if (!abort.signal.aborted) setState({ kind: "failed" });
      });
    return () => abort.abort();
  }, [key, attempt]);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  return { state, retry };
}
