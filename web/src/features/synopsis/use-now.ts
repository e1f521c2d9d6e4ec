import { useEffect, useState } from "react";

/** The rail's past hours and current-time bar move by the minute. */
const TICK_MS = 60_000;

/** The current time, renewed every minute while the page is open. */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), TICK_MS);
    return () => clearInterval(timer);
  }, []);
  return now;
}
