import { createFileRoute } from "@tanstack/react-router";
import { ChatBubblesIcon } from "../../../components/icons";
import { ForumPanel } from "../../../features/forum/forum-panel";
import { ForumModulePage } from "../../../features/presentation/forum-module-page";

export const Route = createFileRoute("/$slug/$presentationId/forum")({
  component: ForumModule,
});

/** The forum module (`/{slug}/{presentation_id}/forum`): the presentation's head and its forum. */
function ForumModule() {
  const { slug } = Route.useParams();
  const { viewmode } = Route.useSearch();
  return (
    <ForumModulePage slug={slug} viewmode={viewmode} offIcon={<ChatBubblesIcon />}>
      {({ event, presentation }) => <ForumPanel slug={slug} presentationId={presentation._id} event={event} />}
    </ForumModulePage>
  );
}
