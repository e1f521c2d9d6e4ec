import { createFileRoute, useRouterState } from "@tanstack/react-router";
import * as v from "valibot";
import { ChapterEditorScreen } from "../../features/chapter-editor/chapter-editor-screen";

const EditorSearch = v.object({ versionId: v.optional(v.pipe(v.string(), v.regex(/^[0-9a-f]{1,64}$/))) });

export const Route = createFileRoute("/$slug/videoeditor/$presentationId")({
  validateSearch: (search) => {
    const parsed = v.safeParse(EditorSearch, search);
    return parsed.success ? parsed.output : {};
  },
  component: Page,
});

/**
 * Spec 2 `/{slug}/videoeditor/{presentationId}`: the chapter editor of the version the videos page
 * passed as history state (`versionId`), or named by `?versionId=` (a reload or a shared link).
 */
function Page() {
  const { slug, presentationId } = Route.useParams();
  const search = Route.useSearch();
  const stateVersion = useRouterState({ select: (state) => state.location.state.versionId });
  return (
    <ChapterEditorScreen
      slug={slug}
      presentationId={Number(presentationId)}
      versionId={stateVersion ?? search.versionId}
    />
  );
}
