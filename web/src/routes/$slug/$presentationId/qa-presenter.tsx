import { createFileRoute } from "@tanstack/react-router";
import { useEventSchedule } from "../../../app-state/event-schedule-context";
import { useCurrentPresentation } from "../../../features/presentation/presentation-page";
import { QaPresenter } from "../../../features/qa/qa-presenter";

export const Route = createFileRoute("/$slug/$presentationId/qa-presenter")({
  component: QaPresenterModule,
});

/** The speaker's presenter view of the talk's questions (`/{slug}/{presentation_id}/qa-presenter`). */
function QaPresenterModule() {
  const { slug } = Route.useParams();
  const { event } = useEventSchedule();
  const presentation = useCurrentPresentation();
  return (
    <QaPresenter
      slug={slug}
      presentationId={presentation._id}
      title={presentation.name}
      canRead={event.allowAnonymousAccess}
    />
  );
}
