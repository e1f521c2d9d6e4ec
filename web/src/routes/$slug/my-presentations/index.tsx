import { createFileRoute } from "@tanstack/react-router";
import { useEventCaller } from "../../../app-state/event-caller";
import { useEventSchedule } from "../../../app-state/event-schedule-context";
import { useSession } from "../../../app-state/session";
import { FeedbackSummaryPanel } from "../../../features/feedback/feedback-summary-panel";
import { MyPresentations } from "../../../features/my-presentations/my-presentations";

export const Route = createFileRoute("/$slug/my-presentations/")({
  component: MyPresentationsPage,
});

/** The presentations the logged-in speaker gives in the event (the layout asks anyone else to log in). */
function MyPresentationsPage() {
  const { slug } = Route.useParams();
  const schedule = useEventSchedule();
  const [session] = useSession(slug);
  const user = session?.user ?? null;
  const caller = useEventCaller(session?.token ?? "");
  return (
    <MyPresentations
      schedule={schedule}
      speakerId={user?.is_speaker ? user.speaker_id : null}
      footer={(presentation) =>
        session ? (
          <FeedbackSummaryPanel
            presentationId={presentation._id}
            caller={caller}
            timeZone={schedule.event.timeZone}
            headingLevel={4}
          />
        ) : null
      }
    />
  );
}
