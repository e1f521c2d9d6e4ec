import { createFileRoute, useLocation } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { LoginPrompt } from "../../../components/login-prompt";
import { PresentationPage } from "../../../features/presentation/presentation-page";
import { SelfPacedQuiz } from "../../../features/quiz-self/self-paced-quiz";
import { useRequestLogin } from "../../../lib/login-request";
import { QuizEventGate, useQuizRoute } from "./-quiz-route";

export const Route = createFileRoute("/$slug/$presentationId/quiz")({
  component: AttendeeQuiz,
});

/**
 * Spec §2 `quiz`, the attendee's quiz when it is not live, one question at a time; it needs a
 * login (spec §2 quiz tabs). A live quiz is joined with its code instead.
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
          <SelfPacedQuiz slug={slug} presentationId={presentation._id} token={session.token} />
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
