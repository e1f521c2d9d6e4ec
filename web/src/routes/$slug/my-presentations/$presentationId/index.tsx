import { createFileRoute } from "@tanstack/react-router";
import { SpeakerTalkPage } from "./-speaker-talk";

export const Route = createFileRoute("/$slug/my-presentations/$presentationId/")({
  component: Page,
});

/** Spec §2 presentation detail: the upload-version page (event_slug, presentation_id). */
function Page() {
  const params = Route.useParams();
  return <SpeakerTalkPage slug={params.slug} presentationId={params.presentationId} />;
}
