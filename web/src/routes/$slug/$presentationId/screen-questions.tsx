import { createFileRoute } from "@tanstack/react-router";
import { QuestionPage } from "../../../features/quiz/question-page";
import { QuizEventGate, useQuizRoute } from "./-quiz-route";

export const Route = createFileRoute("/$slug/$presentationId/screen-questions")({
  component: ScreenQuestion,
});

/** Spec §2 `screen-questions`: the big screen's live question, open to whoever can see the event. */
function ScreenQuestion() {
  const { slug, event, presentation } = useQuizRoute();
  return (
    <QuizEventGate>
      <QuestionPage slug={slug} event={event} presentation={presentation} variant="screen" token={null} />
    </QuizEventGate>
  );
}
