import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { useEventSchedule } from "../../../../../../app-state/event-schedule-context";
import { useSession } from "../../../../../../app-state/session";
import { SearchOffIcon } from "../../../../../../components/icons";
import { PresentationNotice } from "../../../../../../features/presentation/presentation-notice";
import { SpeakerWatchPage } from "../../../../../../features/watch/speaker-watch-page";

export const Route = createFileRoute("/$slug/my-presentations/$presentationId/video/$versionId/watch")({
  component: Page,
});

/**
 * Spec §2 `/{event_slug}/my-presentations/{presentation_id}/video/{version_id}/watch` (the layout
 * above asks for a login): a version of one of the speaker's talks, which the API lets its speaker
 * and the event's moderators read.
 */
function Page() {
  const { t } = useTranslation("versions");
  const { slug, presentationId, versionId } = Route.useParams();
  const schedule = useEventSchedule();
  const [session] = useSession(slug);
  const presentation = schedule.presentations.find((candidate) => String(candidate._id) === presentationId);
  if (!session || !presentation) {
    return (
      <PresentationNotice icon={<SearchOffIcon />} title={t("page.title")} testId="versions-not-found">
        {t("page.not-found")}
      </PresentationNotice>
    );
  }
  return (
    <SpeakerWatchPage
      key={`${presentation._id}:${versionId}`}
      event={schedule.event}
      presentation={presentation}
      versionId={versionId}
      token={session.token}
      userId={session.user.id}
    />
  );
}
