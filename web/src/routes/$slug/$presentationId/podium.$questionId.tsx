import { createFileRoute } from "@tanstack/react-router";
import { PodiumPage } from "../../../features/quiz/podium-page";
import { ManageQuizGate, useQuizRoute } from "./-quiz-route";

export const Route = createFileRoute("/$slug/$presentationId/podium/$questionId")({
  component: ModeratorPodium,
});

/** Spec §2 `podium/{question_id}`: the moderator's podium after a question, with Back, Next and the final podium. */
function ModeratorPodium() {
  const { slug, event, presentation } = useQuizRoute();
  return (
    <ManageQuizGate>
      {(token) => (
        <PodiumPage
          slug={slug}
          event={event}
          presentation={presentation}
          variant="moderator"
          token={token}
          final={false}
        />
      )}
    </ManageQuizGate>
  );
}
