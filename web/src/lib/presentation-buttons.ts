import { canManageQuiz } from "@core/quiz/permissions";
import type { PublicEvent, PublicPresentation } from "@core/schedule/public-schedule";
import { endedToday, type WallClock } from "@core/schedule/time-of-day";

/** Who is looking at a card, as the buttons' rules need it (spec §6); null when anonymous. */
export interface ScheduleViewer {
  userId: number;
  isSpeaker: boolean;
  isModerator: boolean;
  speakerId: number | null;
}

/** Which buttons a schedule card shows. */
export interface PresentationButtons {
  watchVideo: boolean;
  forum: boolean;
  quiz: boolean;
  livestream: boolean;
  /** Today's talk has ended: LIVESTREAM stays (its room streams on) but not in the live colour. */
  livestreamEnded: boolean;
  manageQuiz: boolean;
}

/**
 * The buttons of a schedule card (spec §2 Schedule list, §6 roles): Watch video when the
 * presentation has a public video; FORUM and QUIZ when the event has them (anonymous visitors are
 * sent to the login overlay when they use them); LIVESTREAM on the presentation's own date
 * (`now`, the event's wall clock) for anonymous visitors (it opens the login
 * overlay) and for logged-in users who are neither moderator nor speaker; MANAGE QUIZ when the event has a quiz, for moderators and for the speaker whose
 * `speaker_id` is the presentation's.
 */
export function presentationButtons(
  presentation: Pick<PublicPresentation, "publicVideo" | "date" | "speaker_id" | "end_time">,
  event: Pick<PublicEvent, "forum" | "quiz">,
  viewer: ScheduleViewer | null,
  now: WallClock,
): PresentationButtons {
  const livestream = presentation.date === now.date && (viewer === null || (!viewer.isModerator && !viewer.isSpeaker));
  return {
    watchVideo: presentation.publicVideo,
    forum: event.forum,
    quiz: event.quiz,
    livestream,
    livestreamEnded: livestream && endedToday(presentation, now),
    manageQuiz: event.quiz && viewer !== null && canManageQuiz(viewer, presentation.speaker_id),
  };
}

/** The addresses of a presentation's pages (spec §2 routes), without the query. */
export function presentationPaths(slug: string, presentationId: number, userId: number | null) {
  const base = `/${slug}/${presentationId}`;
  return {
    watch: base,
    forum: `${base}/forum`,
    quiz: `${base}/quiz`,
    manageQuiz: `${base}/quiz-moderator`,
    /** The external live stream page, opened in the same window. */
    livestream: `/visio/${presentationId}/${userId ?? ""}`,
  };
}
