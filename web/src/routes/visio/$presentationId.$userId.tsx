import { IdText } from "@core/ids";
import { createFileRoute } from "@tanstack/react-router";
import * as v from "valibot";
import { InvalidLinkScreen } from "../../features/invalid-link/invalid-link-screen";
import { LiveRoomPage } from "../../features/visio/live-room-page";

export const Route = createFileRoute("/visio/$presentationId/$userId")({
  component: Page,
});

/** Spec 1 `/visio/{presentationId}/{userId}`: outside `/$slug`, the talk's live room. */
function Page() {
  const params = Route.useParams();
  const presentationId = v.safeParse(IdText, params.presentationId);
  const userId = v.safeParse(IdText, params.userId);
  if (!presentationId.success || !userId.success) return <InvalidLinkScreen />;
  return <LiveRoomPage key={params.presentationId} presentationId={presentationId.output} userId={userId.output} />;
}
