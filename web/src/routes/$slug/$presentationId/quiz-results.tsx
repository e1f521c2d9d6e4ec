import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { QuizResultsPage } from "../../../features/quiz-self/quiz-results-page";
import { canManageQuiz } from "../../../lib/live-quiz-paths";
import { AttendeeQuizPage, useQuizRoute } from "./-quiz-route";

export const Route = createFileRoute("/$slug/$presentationId/quiz-results")({
  component: QuizResults,
});

/** Spec §2 `quiz-results`: the leaderboard and each question's votes; it needs a login (spec §2 quiz tabs). */
function QuizResults() {
  const { t } = useTranslation("quiz-self");
  const { presentation } = useQuizRoute();
  return (
    <AttendeeQuizPage
      login={{ title: t("results.login.title"), text: t("results.login.text"), testId: "quiz-results-login" }}
    >
      {(session) => (
        <QuizResultsPage
          presentationId={presentation._id}
          token={session.token}
          canExport={canManageQuiz(session.user, presentation)}
        />
      )}
    </AttendeeQuizPage>
  );
}
