import { createFileRoute } from "@tanstack/react-router";
import { QuestionCircleIcon } from "../../../components/icons";
import { ForumModulePage } from "../../../features/presentation/forum-module-page";
import { QaPanel } from "../../../features/qa/qa-panel";

export const Route = createFileRoute("/$slug/$presentationId/questions")({
  component: QuestionsModule,
});

/** The Questions tab (`/{slug}/{presentation_id}/questions`): audience Q&A beside the forum, on when the forum is. */
function QuestionsModule() {
  const { slug } = Route.useParams();
  const { viewmode } = Route.useSearch();
  return (
    <ForumModulePage slug={slug} viewmode={viewmode} offIcon={<QuestionCircleIcon />}>
      {({ event, presentation }) => <QaPanel slug={slug} presentationId={presentation._id} event={event} />}
    </ForumModulePage>
  );
}
