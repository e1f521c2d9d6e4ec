import { createFileRoute } from "@tanstack/react-router";
import { LobbyPage } from "../../../features/quiz/lobby-page";
import { ManageQuizGate, useQuizRoute } from "./-quiz-route";

export const Route = createFileRoute("/$slug/$presentationId/screen-user-list")({
  component: ScreenLobby,
});

/**
 * Spec §2 big-screen lobby. It shows the join code, which only a moderator may ask for: the big
 * screen is opened from the moderator's session.
 */
function ScreenLobby() {
  const { slug, event, presentation } = useQuizRoute();
  return (
    <ManageQuizGate>
      {(token) => <LobbyPage slug={slug} event={event} presentation={presentation} variant="screen" token={token} />}
    </ManageQuizGate>
  );
}
