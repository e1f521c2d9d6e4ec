import type { PublicEvent, PublicPresentation } from "@core/schedule/public-schedule";
import { useTranslation } from "react-i18next";
import { useEventCaller } from "../../app-state/event-caller";
import { useSession } from "../../app-state/session";
import { FileDownloadButton } from "../../components/file-download-button";
import styles from "./feedback.module.css";
import { fetchFeedbackCsv } from "./feedback-api";
import { FeedbackForm } from "./feedback-form";
import { FeedbackSummaryPanel } from "./feedback-summary-panel";

/**
 * The talk page's feedback (issue 32), for signed-in members only: the rating form (not for the
 * talk's own speakers), and the talk's summary for its speakers and the event's moderators, who
 * also export the event's feedback.
 */
export function TalkFeedback({
  slug,
  event,
  presentation,
  belowVideo = false,
}: {
  slug: string;
  event: PublicEvent;
  presentation: PublicPresentation;
  /** Placed after the video page, aligned with it. */
  belowVideo?: boolean;
}) {
  const [session] = useSession(slug);
  if (!session) return null;
  return (
    <div className={belowVideo ? `${styles.stack} ${styles.belowVideo}` : styles.stack}>
      <SignedInTalkFeedback token={session.token} user={session.user} event={event} presentation={presentation} />
    </div>
  );
}

function SignedInTalkFeedback({
  token,
  user,
  event,
  presentation,
}: {
  token: string;
  user: { is_moderator: boolean; speaker_id: number | null };
  event: PublicEvent;
  presentation: PublicPresentation;
}) {
  const { t } = useTranslation("feedback");
  const caller = useEventCaller(token);
  const ownTalk =
    user.speaker_id !== null &&
    (presentation.speaker_id === user.speaker_id ||
      presentation.speakers.some((speaker) => speaker._id === user.speaker_id));
  return (
    <>
      {ownTalk ? null : <FeedbackForm presentationId={presentation._id} caller={caller} timeZone={event.timeZone} />}
      {ownTalk || user.is_moderator ? (
        <FeedbackSummaryPanel presentationId={presentation._id} caller={caller} timeZone={event.timeZone} />
      ) : null}
      {user.is_moderator ? (
        <FileDownloadButton
          label={t("export")}
          fileName={`feedback-${event.slug}.csv`}
          fetchFile={() => fetchFeedbackCsv(event._id, caller)}
          testId="feedback-export"
        />
      ) : null}
    </>
  );
}
