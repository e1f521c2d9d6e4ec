import { createFileRoute } from "@tanstack/react-router";
import { SpeakerTalkPage } from "./-speaker-talk";

export const Route = createFileRoute("/$slug/my-presentations/$presentationId/videos")({
  component: Page,
});

/** Spec §2 `/{event_slug}/my-presentations/{presentation_id}/videos`: the talk's versions and videos. */
function Page() {
  const params = Route.useParams();
  return <SpeakerTalkPage slug={params.slug} presentationId={params.presentationId} />;
}
