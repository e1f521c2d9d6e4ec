import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useEventSchedule } from "../../../app-state/event-schedule-context";
import { ChatBubblesIcon } from "../../../components/icons";
import { ForumPanel } from "../../../features/forum/forum-panel";
import { PresentationNotice } from "../../../features/presentation/presentation-notice";
import { PresentationPage, useCurrentPresentation } from "../../../features/presentation/presentation-page";

export const Route = createFileRoute("/$slug/$presentationId/forum")({
  component: ForumModule,
});

/** The forum module (`/{slug}/{presentation_id}/forum`): the presentation's head and its forum. */
function ForumModule() {
  const { t } = useTranslation("forum");
  const { slug } = Route.useParams();
  const { viewmode } = Route.useSearch();
  const { event } = useEventSchedule();
  const presentation = useCurrentPresentation();
  return (
    <PresentationPage slug={slug} presentation={presentation} details={false} viewmode={viewmode}>
      {event.forum ? (
        <ForumPanel slug={slug} presentationId={presentation._id} event={event} />
      ) : (
        <PresentationNotice icon={<ChatBubblesIcon />} title={t("forum-off.title")} testId="forum-off">
          {t("forum-off.text")}
        </PresentationNotice>
      )}
    </PresentationPage>
  );
}
