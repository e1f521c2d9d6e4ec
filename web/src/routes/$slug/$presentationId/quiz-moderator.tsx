import { createFileRoute } from "@tanstack/react-router";
import { PresentationPage } from "../../../features/presentation/presentation-page";
import { QuizManagePanel } from "../../../features/quiz/quiz-panels";
import { QuizEditorPage } from "../../../features/quiz-editor/quiz-editor-page";
import { ManageQuizGate, useQuizRoute } from "./-quiz-route";

export const Route = createFileRoute("/$slug/$presentationId/quiz-moderator")({
  component: ManageQuiz,
});

/**
 * Spec §2 `quiz-moderator`: the question editor with its settings sidebar, and the manage-quiz
 * entry to run the live quiz; for the event's moderators and the presentation's own speaker.
 */
function ManageQuiz() {
  const { viewmode } = Route.useSearch();
  const { slug, event, presentation } = useQuizRoute();
  return (
    <ManageQuizGate>
      {(token) => (
        <PresentationPage slug={slug} presentation={presentation} details={false} viewmode={viewmode}>
          <QuizEditorPage
            presentationId={presentation._id}
            token={token}
            timeZone={event.timeZone}
            runEntry={<QuizManagePanel slug={slug} presentationId={presentation._id} />}
          />
        </PresentationPage>
      )}
    </ManageQuizGate>
  );
}
