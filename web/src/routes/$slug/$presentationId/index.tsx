import { createFileRoute } from "@tanstack/react-router";
import { useOpenedEventPassword } from "../../../app-state/event-caller";
import { useEventSchedule } from "../../../app-state/event-schedule-context";
import { useSession } from "../../../app-state/session";
import { ForumPanel } from "../../../features/forum/forum-panel";
import { PresentationPage, useCurrentPresentation } from "../../../features/presentation/presentation-page";
import { PublicVideoPage } from "../../../features/watch/public-video-page";

export const Route = createFileRoute("/$slug/$presentationId/")({
  component: PresentationHome,
});

/**
 * Spec §2 `/{event_slug}/{presentation_id}`: the video watch page when the talk has a public video
 * (an online, successful version), else its details, then its forum when the event has one.
 */
function PresentationHome() {
  const { slug } = Route.useParams();
  const { viewmode } = Route.useSearch();
  const { event } = useEventSchedule();
  const presentation = useCurrentPresentation();
  const password = useOpenedEventPassword();
  const [session] = useSession(slug);
  const forum = event.forum ? <ForumPanel slug={slug} presentationId={presentation._id} event={event} /> : null;
  if (presentation.publicVideo) {
    return (
      <PublicVideoPage
        key={presentation._id}
        event={event}
        presentation={presentation}
        password={password}
        token={session?.token ?? null}
        viewmode={viewmode}
        forum={forum}
      />
    );
  }
  return (
    <PresentationPage slug={slug} presentation={presentation} details viewmode={viewmode}>
      {forum}
    </PresentationPage>
  );
}
