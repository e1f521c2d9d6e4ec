import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useEventSchedule } from "../../../app-state/event-schedule-context";
import { QuestionCircleIcon } from "../../../components/icons";
import { PresentationNotice } from "../../../features/presentation/presentation-notice";
import { PresentationPage, useCurrentPresentation } from "../../../features/presentation/presentation-page";
import { QaPanel } from "../../../features/qa/qa-panel";

export const Route = createFileRoute("/$slug/$presentationId/questions")({
  component: QuestionsModule,
});

/** The Questions tab (`/{slug}/{presentation_id}/questions`): audience Q&A beside the forum, on when the forum is. */
function QuestionsModule() {
  const { t } = useTranslation("forum");
  const { slug } = Route.useParams();
  const { viewmode } = Route.useSearch();
  const { event } = useEventSchedule();
  const presentation = useCurrentPresentation();
  return (
    <PresentationPage slug={slug} presentation={presentation} details={false} viewmode={viewmode}>
      {event.forum ? (
        <QaPanel slug={slug} presentationId={presentation._id} event={event} />
      ) : (
        <PresentationNotice icon={<QuestionCircleIcon />} title={t("forum-off.title")} testId="forum-off">
          {t("forum-off.text")}
        </PresentationNotice>
      )}
    </PresentationPage>
  );
}
