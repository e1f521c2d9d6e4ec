import { createFileRoute } from "@tanstack/react-router";
import { useEventSchedule } from "../../features/event-access/event-schedule-context";
import { ScheduleList } from "../../features/schedule/schedule-list";

export const Route = createFileRoute("/$slug/")({
  component: EventHome,
});

/** Spec §2 `/{event_slug}`: the event home and its public schedule. */
function EventHome() {
  const schedule = useEventSchedule();
  const { viewmode } = Route.useSearch();
  return <ScheduleList schedule={schedule} showDates={viewmode !== "virtual"} />;
}
