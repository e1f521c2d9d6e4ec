/**
 * Sharding of the live quiz (docs/scale.md, "Quiz: sharding"), on the Worker's side: with
 * `QUIZ_RELAY_PLAYERS` set, a player is placed on relay `floor(join order / QUIZ_RELAY_PLAYERS)`
 * when they log in (the relay is named in their quiz token), and their socket, at the same
 * address as ever (`/parties/quiz-room/{id}?role=player`), is forwarded to that relay room
 * instead of the quiz's room. Clients see the same addresses and messages.
 */
import { QUIZ_RELAY_HEADER } from "@core/protocol/quiz-relay";
import type { Env } from "../env";

/** Players per relay, or undefined when the quiz is not sharded (unset, 0 or not a number). */
export function relayPlayers(env: Pick<Env, "QUIZ_RELAY_PLAYERS">): number | undefined {
  const value = Number(env.QUIZ_RELAY_PLAYERS ?? 0);
  return Number.isSafeInteger(value) && value > 0 ? value : undefined;
}

/** The relay of the player who joined `order`-th (0 first). */
export function relayPlacement(placed: { run: number; order: number }, perRelay: number) {
  return { run: placed.run, relay: Math.floor(placed.order / perRelay) };
}

/** The relay room of a presentation's quiz: `<presentationId>:<n>`. */
export const relayRoomName = (presentationId: number, relay: number) => `${presentationId}:${relay}`;

/**
 * A player's checked upgrade (worker/room-access/quiz-access.ts put the relay of their token in
 * a header) handed to their relay, whose answer goes back to the client unchanged; undefined
 * when the socket stays with the quiz's room (not sharded, or a token from before sharding).
 */
export async function forwardToRelay(
  env: Env,
  presentationId: number,
  request: Request,
): Promise<Response | undefined> {
  const relay = request.headers.get(QUIZ_RELAY_HEADER);
  if (relay === null || !relayPlayers(env)) return undefined;
  const name = relayRoomName(presentationId, Number(relay));
  const headers = new Headers(request.headers);
  headers.set("x-partykit-room", name);
  return env.QuizRelayRoom.get(env.QuizRelayRoom.idFromName(name)).fetch(new Request(request, { headers }));
}
