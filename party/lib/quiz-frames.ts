import type { Connection } from "partyserver";
import type { QuizConnectionState, QuizPeer } from "../quiz-player-channel";
import type { RoomTiming } from "./room-timing";
import type { SocketPeers } from "./socket-peers";

/** A WebSocket frame as text (the quiz's messages are JSON). */
export const frameText = (raw: string | ArrayBuffer | ArrayBufferView) =>
  typeof raw === "string" ? raw : new TextDecoder().decode(raw);

/** `setTimeout` as the quiz sessions want it: the returned function cancels the timer. */
export function clearableTimeout(ms: number, work: () => void): () => void {
  const timer = setTimeout(work, ms);
  return () => clearTimeout(timer);
}

/**
 * The frames of a quiz room's sockets (the authority's and a relay's alike) handed to its
 * session, each timed for benchmarks when QUIZ_ROOM_TIMINGS is set (room-timing.ts). A socket the
 * room already knows goes straight to the session (socket-peers.ts says why).
 */
export class QuizFrames {
  constructor(
    private readonly sockets: SocketPeers,
    private readonly timing: RoomTiming,
    private readonly receive: (peer: QuizPeer, text: string) => void,
  ) {}

  /** A hibernated socket's frame; false when the room does not know the socket yet (partyserver's path then). */
  fromKnownSocket(ws: WebSocket, message: string | ArrayBuffer): boolean {
    const peer = this.sockets.known(ws);
    if (!peer) return false;
    this.handle(peer, message);
    return true;
  }

  /** A frame partyserver delivered for a connection, which the room now knows. */
  fromConnection(connection: Connection<QuizConnectionState>, raw: string | ArrayBuffer | ArrayBufferView) {
    this.handle(this.sockets.handedOver(connection), raw);
  }

  private handle(peer: QuizPeer, raw: string | ArrayBuffer | ArrayBufferView) {
    this.timing.frame(peer.identity?.role, () => this.receive(peer, frameText(raw)));
  }
}
