import { useCallback, useRef, useState } from "react";

/**
 * One action at a time, for a form's submit: while `run`'s action is pending, further calls are
 * ignored (a double click sends once), and `pending` says so to the button.
 */
export function useSingleFlight(): [pending: boolean, run: (action: () => Promise<void>) => void] {
  const running = useRef(false);
  const [pending, setPending] = useState(false);
  const run = useCallback((action: () => Promise<void>) => {
    if (running.current) return;
    running.current = true;
    setPending(true);
    void action().finally(() => {
      running.current = false;
      setPending(false);
    });
  }, []);
  return [pending, run];
}
