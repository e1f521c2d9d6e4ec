import { createFileRoute } from "@tanstack/react-router";
import { QuestionPage } from "../../../features/quiz/question-page";
import { ManageQuizGate, useQuizRoute } from "./-quiz-route";

export const Route = createFileRoute("/$slug/$presentationId/quiz-questions")({
  component: ModeratorQuestion,
});

/** Spec §2 `quiz-questions`: the moderator's live question with the control bar. */
function ModeratorQuestion() {
  const { slug, event, presentation } = useQuizRoute();
  return (
    <ManageQuizGate>
      {(token) => (
        <QuestionPage slug={slug} event={event} presentation={presentation} variant="moderator" token={token} />
      )}
    </ManageQuizGate>
  );
}
