import { createFileRoute } from "@tanstack/react-router";
import { PodiumPage } from "../../../features/quiz/podium-page";
import { QuizEventGate, useQuizRoute } from "./-quiz-route";

export const Route = createFileRoute("/$slug/$presentationId/screen-podium/$questionId")({
  component: ScreenPodium,
});

/** Spec §2 `screen-podium/{questionId}`: the big screen's podium after a question. */
function ScreenPodium() {
  const { slug, event, presentation } = useQuizRoute();
  return (
    <QuizEventGate>
      <PodiumPage slug={slug} event={event} presentation={presentation} variant="screen" token={null} final={false} />
    </QuizEventGate>
  );
}
