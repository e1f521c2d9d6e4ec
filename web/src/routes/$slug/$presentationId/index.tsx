import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { useOpenedEventPassword } from "../../../app-state/event-caller";
import { useEventSchedule } from "../../../app-state/event-schedule-context";
import { useSession } from "../../../app-state/session";
import { TalkFeedback } from "../../../features/feedback/talk-feedback";
import { ForumPanel } from "../../../features/forum/forum-panel";
import { PresentationPage, useCurrentPresentation } from "../../../features/presentation/presentation-page";
import { PublicVideoPage } from "../../../features/watch/public-video-page";

export const Route = createFileRoute("/$slug/$presentationId/")({
  /** `t`: the second the video starts at (a hit of the search inside talks); anything else is ignored. */
  validateSearch: v.object({
    // Query values stay strings (router.tsx), read and written as they are: whole seconds.
    t: v.fallback(v.optional(v.pipe(v.string(), v.regex(/^[0-9]{1,9}$/))), undefined),
  }),
  component: PresentationHome,
});

/**
 * Spec §2 `/{event_slug}/{presentation_id}`: the video watch page when the talk has a public video
 * (an online, successful version), else its details, then its forum when the event has one.
 */
function PresentationHome() {
  const { slug } = Route.useParams();
  const { viewmode, t } = Route.useSearch();
  const { event } = useEventSchedule();
  const presentation = useCurrentPresentation();
  const password = useOpenedEventPassword();
  const [session] = useSession(slug);
  const forum = event.forum ? <ForumPanel slug={slug} presentationId={presentation._id} event={event} /> : null;
  // The talk's feedback (issue 32): under the video page (whose side panel is the forum's), or
  // before the forum on the details page.
  if (presentation.publicVideo) {
    return (
      <>
        <PublicVideoPage
          key={presentation._id}
          event={event}
          presentation={presentation}
          password={password}
          token={session?.token ?? null}
          viewmode={viewmode}
          startAt={t === undefined ? undefined : Number(t)}
          forum={forum}
        />
        <TalkFeedback slug={slug} event={event} presentation={presentation} belowVideo />
      </>
    );
  }
  return (
    <PresentationPage slug={slug} presentation={presentation} details viewmode={viewmode}>
      <TalkFeedback slug={slug} event={event} presentation={presentation} />
      {forum}
    </PresentationPage>
  );
}
