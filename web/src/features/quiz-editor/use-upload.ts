import { useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import type { EventCaller } from "../../app-state/event-caller";
import { type ApiError, asApiError } from "../../lib/api";

/** Where a card's files go, and whom to tell that an upload is under way (saving waits for it). */
export interface UploadTarget {
  presentationId: number;
  caller: EventCaller;
  onBusyChange: (busy: boolean) => void;
}

/** An upload under way (`fraction` from 0 to 1), the last one's failure, or nothing. */
export type UploadStatus =
  | { state: "idle" }
  | { state: "uploading"; fraction: number }
  | { state: "failed"; error: ApiError };

/**
 * One upload at a time with its progress, cancellable; cancelled too when the card goes away.
 * `start` runs `upload` with a progress callback and an abort signal; a cancel is no failure.
 */
export function useUpload(onBusyChange: (busy: boolean) => void) {
  const [status, setStatus] = useState<UploadStatus>({ state: "idle" });
  const controller = useRef<AbortController | null>(null);
  const busyChange = useRef(onBusyChange);
  useLayoutEffect(() => {
    busyChange.current = onBusyChange;
  });

  // A card that goes away stops its upload; `start` then reports it not busy.
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async <T>(upload: (progress: (fraction: number) => void, signal: AbortSignal) => Promise<T>) => {
      controller.current?.abort();
      const current = new AbortController();
      controller.current = current;
      // A replaced upload's late progress or outcome must not show over the new one.
      const isLatest = () => controller.current === current;
      busyChange.current(true);
      setStatus({ state: "uploading", fraction: 0 });
      try {
        const result = await upload((fraction) => {
          if (isLatest() && !current.signal.aborted) setStatus({ state: "uploading", fraction });
        }, current.signal);
        if (isLatest()) setStatus({ state: "idle" });
        return result;
      } catch (error) {
        if (isLatest())
          setStatus(current.signal.aborted ? { state: "idle" } : { state: "failed", error: asApiError(error) });
        return null;
      } finally {
        if (isLatest()) {
          controller.current = null;
          busyChange.current(false);
        }
      }
    },
    [],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  const reset = useCallback(() => setStatus({ state: "idle" }), []);
  return { status, start, cancel, reset };
}
