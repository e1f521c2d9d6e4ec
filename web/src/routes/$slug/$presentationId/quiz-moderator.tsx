import { createFileRoute } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { eventPasswordAtom } from "../../../features/event-access/event-password";
import { PresentationPage } from "../../../features/presentation/presentation-page";
import { QuizManagePanel } from "../../../features/quiz/quiz-panels";
import { ManageQuizGate, useQuizRoute } from "./-quiz-route";

export const Route = createFileRoute("/$slug/$presentationId/quiz-moderator")({
  component: ManageQuiz,
});

/** Spec §2 `quiz-moderator`, the manage-quiz entry: to the lobby or the big screen. */
function ManageQuiz() {
  const { viewmode } = Route.useSearch();
  const { slug, presentation } = useQuizRoute();
  const password = useAtomValue(eventPasswordAtom(slug));
  return (
    <ManageQuizGate>
      {() => (
        <PresentationPage slug={slug} presentation={presentation} details={false} viewmode={viewmode}>
          <QuizManagePanel slug={slug} presentationId={presentation._id} password={password} />
        </PresentationPage>
      )}
    </ManageQuizGate>
  );
}
