import { createFileRoute } from "@tanstack/react-router";
import { PlayerPage } from "../../../features/quiz/player-page";
import { QuizEventGate, useQuizRoute } from "./-quiz-route";

export const Route = createFileRoute("/$slug/$presentationId/quiz-intro")({
  component: PlayerQuiz,
});

/** Spec §2 `quiz-intro`: the attendee's waiting page, which becomes the question page once the quiz starts. */
function PlayerQuiz() {
  const { slug, event, presentation } = useQuizRoute();
  return (
    <QuizEventGate>
      <PlayerPage slug={slug} event={event} presentation={presentation} />
    </QuizEventGate>
  );
}
