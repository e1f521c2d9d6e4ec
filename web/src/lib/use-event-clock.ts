import { type WallClock, wallClock } from "@core/schedule/time-of-day";
import { useEffect, useState } from "react";

/** The synopsis's past hours and current-time bar, and the cards' live colour, move by the minute. */
const TICK_MS = 60_000;

/**
 * The event's wall clock (its date and minutes in `timeZone`), read once a minute: every hour
 * label and column of the timetable, and every card of the list, is checked against this one reading.
 */
export function useEventClock(timeZone: string): WallClock {
  const [clock, setClock] = useState(() => wallClock(new Date(), timeZone));
  useEffect(() => {
    // The same reading keeps the same object, so the timetable is not redrawn for nothing.
    const read = () =>
      setClock((current) => {
        const next = wallClock(new Date(), timeZone);
        return next.date === current.date && next.minutes === current.minutes ? current : next;
      });
    read();
    const timer = setInterval(read, TICK_MS);
    return () => clearInterval(timer);
  }, [timeZone]);
  return clock;
}
