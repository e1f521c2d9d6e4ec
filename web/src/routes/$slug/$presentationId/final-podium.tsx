import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { PodiumPage } from "../../../features/quiz/podium-page";
import { canManageQuiz } from "../../../lib/live-quiz-paths";
import { QuizEventGate, useQuizRoute } from "./-quiz-route";

export const Route = createFileRoute("/$slug/$presentationId/final-podium")({
  /** `view=screen` on the big screen, which shows no controls. */
  validateSearch: v.object({ view: v.fallback(v.optional(v.literal("screen")), undefined) }),
  component: FinalPodium,
});

/** Spec §2 final-podium module: the whole quiz's podium, for the big screen and the moderator. */
function FinalPodium() {
  const { view } = Route.useSearch();
  const { slug, event, presentation, session } = useQuizRoute();
  const moderator = view !== "screen" && session !== null && canManageQuiz(session.user, presentation);
  return (
    <QuizEventGate>
      <PodiumPage
        slug={slug}
        event={event}
        presentation={presentation}
        variant={moderator ? "moderator" : "screen"}
        token={moderator ? (session?.token ?? null) : null}
        final
      />
    </QuizEventGate>
  );
}
