import { createFileRoute, useLocation } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { LoginPrompt } from "../../../components/login-prompt";
import { PresentationPage } from "../../../features/presentation/presentation-page";
import { QuizPlayPanel } from "../../../features/quiz/quiz-panels";
import { useRequestLogin } from "../../../lib/login-request";
import { QuizEventGate, useQuizRoute } from "./-quiz-route";

export const Route = createFileRoute("/$slug/$presentationId/quiz")({
  component: AttendeeQuiz,
});

/**
 * Spec §2 `quiz`, the attendee's quiz when it is not live; it needs a login (spec §2 quiz tabs).
 * A live quiz is joined with its code; the self-paced quiz is not built yet.
 */
function AttendeeQuiz() {
  const { t } = useTranslation("quiz");
  const { viewmode } = Route.useSearch();
  const location = useLocation();
  const requestLogin = useRequestLogin();
  const { slug, presentation, session } = useQuizRoute();
  return (
    <QuizEventGate>
      <PresentationPage slug={slug} presentation={presentation} details={false} viewmode={viewmode}>
        {session ? (
          <QuizPlayPanel slug={slug} presentationId={presentation._id} />
        ) : (
          <LoginPrompt
            title={t("gate.play-login.title")}
            text={t("gate.play-login.text")}
            action={t("gate.login.action")}
            onLogin={() => requestLogin(location.href)}
            testId="quiz-play-login"
          />
        )}
      </PresentationPage>
    </QuizEventGate>
  );
}
