import { createFileRoute } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { SelfPacedQuiz } from "../../../features/quiz-self/self-paced-quiz";
import { AttendeeQuizPage, useQuizRoute } from "./-quiz-route";

export const Route = createFileRoute("/$slug/$presentationId/quiz")({
  component: AttendeeQuiz,
});

/**
 * Spec §2 `quiz`, the attendee's quiz when it is not live, one question at a time; it needs a
 * login (spec §2 quiz tabs). A live quiz is joined with its code instead.
 */
function AttendeeQuiz() {
  const { t } = useTranslation("quiz");
  const { slug, presentation } = useQuizRoute();
  return (
    <AttendeeQuizPage
      login={{ title: t("gate.play-login.title"), text: t("gate.play-login.text"), testId: "quiz-play-login" }}
    >
      {(session) => <SelfPacedQuiz slug={slug} presentationId={presentation._id} token={session.token} />}
    </AttendeeQuizPage>
  );
}
