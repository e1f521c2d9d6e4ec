import { createFileRoute, useLocation } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { LoginPrompt } from "../../../components/login-prompt";
import { PresentationPage } from "../../../features/presentation/presentation-page";
import { canManageQuiz } from "../../../features/quiz/live-quiz-paths";
import { QuizResultsPage } from "../../../features/quiz-self/quiz-results-page";
import { useRequestLogin } from "../../../lib/login-request";
import { QuizEventGate, useQuizRoute } from "./-quiz-route";

export const Route = createFileRoute("/$slug/$presentationId/quiz-results")({
  component: QuizResults,
});

/** Spec §2 `quiz-results`: the leaderboard and each question's votes; it needs a login (spec §2 quiz tabs). */
function QuizResults() {
  const { t } = useTranslation(["quiz-self", "quiz"]);
  const { viewmode } = Route.useSearch();
  const location = useLocation();
  const requestLogin = useRequestLogin();
  const { slug, presentation, session } = useQuizRoute();
  return (
    <QuizEventGate>
      <PresentationPage slug={slug} presentation={presentation} details={false} viewmode={viewmode}>
        {session ? (
          <QuizResultsPage
            presentationId={presentation._id}
            token={session.token}
            canExport={canManageQuiz(session.user, presentation)}
          />
        ) : (
          <LoginPrompt
            title={t("quiz-self:results.login.title")}
            text={t("quiz-self:results.login.text")}
            action={t("quiz:gate.login.action")}
            onLogin={() => requestLogin(location.href)}
            testId="quiz-results-login"
          />
        )}
      </PresentationPage>
    </QuizEventGate>
  );
}
