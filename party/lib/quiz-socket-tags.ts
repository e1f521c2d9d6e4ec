/**
 * Who a quiz room's socket is, kept in the tags the socket is accepted with, so that the room
 * reads it back from the Durable Object's socket list without deserializing each socket's
 * attachment (socket-peers.ts). Runtime-free, tested in Node.
 */
import { QUIZ_PLAYER_HEADER, QUIZ_ROLE_HEADER, QUIZ_RUN_HEADER } from "@core/protocol/quiz";
import type { QuizConnectionState } from "../quiz-session";

const PLAYER_TAG = "player:";
const RUN_TAG = "run:";
/** The tag of a socket the Worker named no role for: the room closes it at once. */
const REFUSED_TAG = "refused";

function identity(
  role: string | null | undefined,
  playerId: string | null | undefined,
  run: string | null | undefined,
): QuizConnectionState | null {
  if (role !== "moderator" && role !== "screen" && role !== "player" && role !== "relay") return null;
  if (!playerId) return { role };
  // A socket accepted before reruns existed says no run: it joined the first.
  return { role, playerId, run: Number(run ?? 1) };
}

/** Who a connecting socket is, from the headers the Worker set after checking its token; null: nobody. */
export function requestIdentity(request: Request): QuizConnectionState | null {
  return identity(
    request.headers.get(QUIZ_ROLE_HEADER),
    request.headers.get(QUIZ_PLAYER_HEADER),
    request.headers.get(QUIZ_RUN_HEADER),
  );
}

/** The tags a socket is accepted with (partyserver puts the connection id first). */
export function identityTags(identity: QuizConnectionState | null): string[] {
  if (!identity) return [REFUSED_TAG];
  return identity.playerId
    ? [identity.role, `${PLAYER_TAG}${identity.playerId}`, `${RUN_TAG}${identity.run ?? 1}`]
    : [identity.role];
}

/** The identity the tags of a socket give back. */
export function identityFromTags(tags: readonly string[]): QuizConnectionState | null {
  const playerId = tags.find((tag) => tag.startsWith(PLAYER_TAG))?.slice(PLAYER_TAG.length);
  const run = tags.find((tag) => tag.startsWith(RUN_TAG))?.slice(RUN_TAG.length);
  return identity(tags[1], playerId, run);
}
