import { canWriteVersions } from "@core/versions/permissions";
import { useTranslation } from "react-i18next";
import { useEventSchedule } from "../../../../app-state/event-schedule-context";
import { useSession } from "../../../../app-state/session";
import { SearchOffIcon } from "../../../../components/icons";
import { PresentationNotice } from "../../../../features/presentation/presentation-notice";
import { VersionsPage } from "../../../../features/versions/versions-page";

/**
 * The versions page of one of the speaker's talks, for the presentation detail and the videos
 * routes (one page: docs/versions.md); another talk, or an unknown one, is said to be none of theirs.
 */
export function SpeakerTalkPage({ slug, presentationId }: { slug: string; presentationId: string }) {
  const { t } = useTranslation("versions");
  const schedule = useEventSchedule();
  const [session] = useSession(slug);
  const user = session?.user;
  const presentation = schedule.presentations.find((candidate) => String(candidate._id) === presentationId);
  // The API's own rule: only the talk's speaker uploads and changes its versions.
  const mine =
    user && presentation
      ? canWriteVersions({ isModerator: user.is_moderator, speakerId: user.speaker_id }, presentation.speaker_id)
      : false;
  if (!session || !presentation || !mine) {
    return (
      <PresentationNotice icon={<SearchOffIcon />} title={t("page.title")} testId="versions-not-found">
        {t("page.not-found")}
      </PresentationNotice>
    );
  }
  return (
    <VersionsPage
      key={presentation._id}
      slug={slug}
      presentation={presentation}
      timeZone={schedule.event.timeZone}
      session={session}
    />
  );
}
