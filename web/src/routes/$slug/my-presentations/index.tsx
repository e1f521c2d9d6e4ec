import { createFileRoute } from "@tanstack/react-router";
import { useEventSchedule } from "../../../app-state/event-schedule-context";
import { useSession } from "../../../app-state/session";
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
  return <MyPresentations schedule={schedule} speakerId={user?.is_speaker ? user.speaker_id : null} />;
}
