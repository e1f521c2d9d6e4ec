import { presentationsOfSpeaker } from "@core/schedule/schedule-search";
import { useTranslation } from "react-i18next";
import { SearchOffIcon } from "../../../../components/icons";
import { useOpenedEventPassword } from "../../../../features/event-access/event-caller";
import { useEventSchedule } from "../../../../features/event-access/event-schedule-context";
import { PresentationNotice } from "../../../../features/presentation/presentation-notice";
import { useSession } from "../../../../features/session/session";
import { VersionsPage } from "../../../../features/versions/versions-page";

/** A presentation id as the API writes it. */
const PRESENTATION_ID = /^[1-9][0-9]{0,15}$/;

/**
 * The versions page of one of the speaker's talks, for the presentation detail and the videos
 * routes (one page: docs/versions.md); another talk, or an unknown one, is said to be none of theirs.
 */
export function SpeakerTalkPage({ slug, presentationId }: { slug: string; presentationId: string }) {
  const { t } = useTranslation("versions");
  const schedule = useEventSchedule();
  const password = useOpenedEventPassword();
  const [session] = useSession(slug);
  const user = session?.user;
  const presentation =
    user?.is_speaker && user.speaker_id !== null && PRESENTATION_ID.test(presentationId)
      ? presentationsOfSpeaker(schedule.presentations, user.speaker_id).find(
          (candidate) => candidate._id === Number(presentationId),
        )
      : undefined;
  if (!session || !presentation) {
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
      password={password}
    />
  );
}
