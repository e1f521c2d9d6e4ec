import { createFileRoute, notFound, Outlet } from "@tanstack/react-router";
import { EventAccessGate } from "../../features/event-access/event-access-gate";
import { isEventSlug } from "../../features/event-access/event-slug";
import { EventShell } from "../../features/event-shell/event-shell";
import { useSession } from "../../features/session/session";

export const Route = createFileRoute("/$slug")({
  beforeLoad: ({ params }) => {
    if (!isEventSlug(params.slug)) throw notFound();
  },
  component: EventLayout,
});

/** Every page of an event: opened (password, errors) once, then framed by the event shell. */
function EventLayout() {
  const { slug } = Route.useParams();
  const [session] = useSession(slug);
  const viewer = {
    loggedIn: session !== null,
    isSpeaker: session?.user.is_speaker ?? false,
    isModerator: session?.user.is_moderator ?? false,
  };
  return (
    <EventAccessGate key={slug} slug={slug}>
      {(schedule) => (
        <EventShell event={schedule.event} viewer={viewer}>
          <Outlet />
        </EventShell>
      )}
    </EventAccessGate>
  );
}
