import { createFileRoute } from "@tanstack/react-router";
import { useEventSchedule } from "../../../app-state/event-schedule-context";
import { SpeakerDirectory } from "../../../features/speakers/speaker-directory";

export const Route = createFileRoute("/$slug/speakers/")({
  component: SpeakersPage,
});

/** `/{event_slug}/speakers`: the event's speakers (docs/speakers-and-conflicts.md). */
function SpeakersPage() {
  const { slug } = Route.useParams();
  const schedule = useEventSchedule();
  return <SpeakerDirectory slug={slug} presentations={schedule.presentations} />;
}
