import { currentQuestion, type QuizState } from "@core/quiz/model";
import { canManageQuiz as canManageAsMember } from "@core/quiz/permissions";
import { useLocation, useRouter } from "@tanstack/react-router";
import { useEffect } from "react";

/** Who is looking: the moderator's pages carry the controls, the big screen's only follow. */
export type LiveQuizVariant = "moderator" | "screen";

/**
 * The page of the quiz's current phase (spec §2, §4): the lobby, the question, the podium after
 * a question, the final podium. The final podium is one page for both, `?view=screen` on the big screen.
 */
export function livePathFor(
  slug: string,
  presentationId: number,
  state: QuizState,
  variant: LiveQuizVariant,
): string | null {
  const base = `/${slug}/${presentationId}`;
  const screen = variant === "screen";
  switch (state.phase) {
    case "lobby":
      return `${base}/${screen ? "screen-user-list" : "quiz-user-list"}`;
    case "answering":
    case "paused":
    case "closed":
      return `${base}/${screen ? "screen-questions" : "quiz-questions"}`;
    case "podium": {
      const question = currentQuestion(state);
      return question ? `${base}/${screen ? "screen-podium" : "podium"}/${question.id}` : null;
    }
    case "final":
      return `${base}/final-podium${screen ? "?view=screen" : ""}`;
  }
}

/** Moves to the page of the quiz's phase whenever it changes: the big screen follows the moderator. */
export function useFollowQuiz(
  slug: string,
  presentationId: number,
  state: QuizState | null,
  variant: LiveQuizVariant,
): void {
  const router = useRouter();
  const { pathname } = useLocation();
  const target = state ? livePathFor(slug, presentationId, state, variant) : null;
  useEffect(() => {
    if (target && target.split("?")[0] !== pathname) void router.navigate({ href: target, replace: true });
  }, [router, target, pathname]);
}

/** Manage quiz (spec §1, §6): a moderator, or the speaker whose speaker_id is the presentation's. */
export function canManageQuiz(
  user: { is_moderator: boolean; speaker_id: number | null } | null,
  presentation: { speaker_id: number | null },
): boolean {
  return (
    user !== null &&
    canManageAsMember({ isModerator: user.is_moderator, speakerId: user.speaker_id }, presentation.speaker_id)
  );
}

/** The page a QUIZ entry that leads somewhere opens: the live quiz's waiting page or the self-paced quiz. */
export function quizEntryPath(basePath: string, entry: { kind: "join-live" | "self-paced" }): string {
  return `${basePath}/${entry.kind === "join-live" ? "quiz-intro" : "quiz"}`;
}
