import type { PublicEvent, PublicSchedule } from "@core/schedule/public-schedule";
import { createContext, useContext } from "react";

/** The opened event's schedule, for the pages under `/$slug` that show its programme. */
export const EventScheduleContext = createContext<PublicSchedule | null>(null);

/** The opened event itself (branding, settings), for every page under `/$slug`. */
export const EventContext = createContext<PublicEvent | null>(null);

export function useEventSchedule(): PublicSchedule {
  const schedule = useContext(EventScheduleContext);
  if (!schedule) throw new Error("useEventSchedule is used outside an EventAccessGate of the whole schedule");
  return schedule;
}

/** The event, on pages that need its branding and settings but not its programme. */
export function useEvent(): PublicEvent {
  const event = useContext(EventContext);
  if (!event) throw new Error("useEvent is used outside EventAccessGate");
  return event;
}
