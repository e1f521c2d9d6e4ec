import type { PublicSchedule } from "@core/schedule/public-schedule";
import { createContext, useContext } from "react";

/** The opened event's schedule, for the pages under `/$slug`. */
export const EventScheduleContext = createContext<PublicSchedule | null>(null);

export function useEventSchedule(): PublicSchedule {
  const schedule = useContext(EventScheduleContext);
  if (!schedule) throw new Error("useEventSchedule is used outside EventAccessGate");
  return schedule;
}
