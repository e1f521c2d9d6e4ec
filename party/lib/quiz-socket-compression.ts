/**
 * Whether a quiz socket's frames are compressed (permessage-deflate). The runtime compresses a
 * socket whose client offers it (browsers always do) with the configuration the answer to the
 * upgrade names in `Sec-WebSocket-Extensions`, or, when the answer names none, with the client's
 * offer. An answer naming no permessage-deflate configuration gets plain frames. (An empty value
 * counts as naming none here, so it does not refuse: measured with workerd, whatever the
 * compatibility notes say.) The room's answer goes through the Worker unchanged, so the room
 * decides for its sockets. Runtime-free, tested in Node; docs/benchmarks.md has the figures.
 *
 * Players' sockets are not compressed. A player's frames (a view of 400–600 bytes, an answer's
 * acknowledgement) fit in one network packet either way, so compression does not bring a phone
 * its question any sooner; but the runtime deflates every frame of every socket one after the
 * other and keeps a compression context for every open socket: at 5,000 players it was 220–310 ms
 * of the runtime's CPU per question, on top of each phone inflating its frame. The moderator and
 * the big screen keep it: a few sockets, whose snapshots hold the whole quiz (every player) and
 * shrink several times over.
 */
import type { QuizConnectionState } from "../quiz-session";
import { PLAIN_FRAMES } from "./plain-frames";

/** The headers of the room's answer to a socket's upgrade, for who the socket is. */
export function upgradeHeaders(identity: QuizConnectionState | null): Readonly<Record<string, string>> {
  return identity?.role === "player" ? PLAIN_FRAMES : {};
}
