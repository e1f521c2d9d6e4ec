import { createFileRoute, notFound, Outlet } from "@tanstack/react-router";
import { EventAccessGate } from "../../features/event-access/event-access-gate";
import { isEventSlug } from "../../features/event-access/event-slug";
import { EventShell } from "../../features/event-shell/event-shell";
import { ANONYMOUS_VIEWER } from "../../features/event-shell/menu-entries";

export const Route = createFileRoute("/$slug")({
  beforeLoad: ({ params }) => {
    if (!isEventSlug(params.slug)) throw notFound();
  },
  component: EventLayout,
});

/** Every page of an event: opened (password, errors) once, then framed by the event shell. */
function EventLayout() {
  const { slug } = Route.useParams();
  return (
    <EventAccessGate key={slug} slug={slug}>
      {(schedule) => (
        <EventShell event={schedule.event} viewer={ANONYMOUS_VIEWER}>
          <Outlet />
        </EventShell>
      )}
    </EventAccessGate>
  );
}
