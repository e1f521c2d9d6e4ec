import { createFileRoute, redirect } from "@tanstack/react-router";

/** Spec §2: the watch page's alias path uses my-pres; it opens the same page, query kept. */
export const Route = createFileRoute("/$slug/my-pres/$presentationId/video/$versionId/watch")({
  beforeLoad: ({ params, search }) => {
    throw redirect({
      to: "/$slug/my-presentations/$presentationId/video/$versionId/watch",
      params,
      search,
      replace: true,
    });
  },
});
