import { createFileRoute } from "@tanstack/react-router";
import { useEventSchedule } from "../../../app-state/event-schedule-context";
import { ForumPanel } from "../../../features/forum/forum-panel";
import { PresentationPage, useCurrentPresentation } from "../../../features/presentation/presentation-page";

export const Route = createFileRoute("/$slug/$presentationId/")({
  component: PresentationHome,
});

/** The presentation page: its details, then its forum when the event has one. */
function PresentationHome() {
  const { slug } = Route.useParams();
  const { viewmode } = Route.useSearch();
  const { event } = useEventSchedule();
  const presentation = useCurrentPresentation();
  return (
    <PresentationPage slug={slug} presentation={presentation} details viewmode={viewmode}>
      {event.forum ? <ForumPanel slug={slug} presentationId={presentation._id} event={event} /> : null}
    </PresentationPage>
  );
}
