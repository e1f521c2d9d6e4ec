import { useEffect, useState } from "react";

/** Spec §9: the quiz timers tick every 100 ms. */
const TIMER_TICK_MS = 100;

/** `Date.now()`, refreshed every tick while `running`. */
export function useNow(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), TIMER_TICK_MS);
    return () => clearInterval(timer);
  }, [running]);
  return now;
}
