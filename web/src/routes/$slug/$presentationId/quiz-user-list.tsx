import { createFileRoute } from "@tanstack/react-router";
import { LobbyPage } from "../../../features/quiz/lobby-page";
import { ManageQuizGate, useQuizRoute } from "./-quiz-route";

export const Route = createFileRoute("/$slug/$presentationId/quiz-user-list")({
  component: ModeratorLobby,
});

/** Spec §2 `quiz-user-list`: the moderator's lobby, with Start quiz. */
function ModeratorLobby() {
  const { slug, event, presentation } = useQuizRoute();
  return (
    <ManageQuizGate>
      {(token) => <LobbyPage slug={slug} event={event} presentation={presentation} variant="moderator" token={token} />}
    </ManageQuizGate>
  );
}
