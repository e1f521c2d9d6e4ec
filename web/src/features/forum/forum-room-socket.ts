import type { ForumChange } from "@core/forum/changes";
import { ChangeFeedServerMessage } from "@core/protocol/change-feed";
import { ForumChangeSchema } from "@core/protocol/forum";
import * as v from "valibot";
import { openPartySocket, parseRoomFrame } from "../../lib/party-socket";
import type { ForumAccess } from "./forum-api";

interface ForumRoomHandlers {
  /** Connected: every change up to `seq` has been received (missed ones were replayed first). */
  onHello(seq: number): void;
  /** `change` is null for a kind this client does not know (a newer server): it only advances `seq`. */
  onChange(seq: number, change: ForumChange | null): void;
  /** Too much was missed: reload through the API. */
  onReset(seq: number): void;
  onClose(): void;
}

/**
 * Follows the forum room of a presentation (docs/protocol.md, change feed). Reconnects by itself
 * and then asks for what it missed: `since` is read again on every connection attempt.
 */
export function connectForumRoom(
  presentationId: number,
  access: ForumAccess,
  since: () => number,
  handlers: ForumRoomHandlers,
): () => void {
  const socket = openPartySocket({
    party: "forum-room",
    room: String(presentationId),
    query: () => ({
      since: since() > 0 ? String(since()) : undefined,
      token: access.token ?? undefined,
      password: access.password ?? undefined,
    }),
  });

  socket.addEventListener("message", (event: MessageEvent) => {
    const output = parseRoomFrame(ChangeFeedServerMessage, event.data);
    if (!output) return;
    switch (output.type) {
      case "hello":
        handlers.onHello(output.seq);
        break;
      case "reset":
        handlers.onReset(output.seq);
        break;
      case "change": {
        const change = v.safeParse(ForumChangeSchema, output.change);
        handlers.onChange(output.seq, change.success ? change.output : null);
        break;
      }
      case "changes":
        for (const entry of output.changes) {
          const change = v.safeParse(ForumChangeSchema, entry.change);
          handlers.onChange(entry.seq, change.success ? change.output : null);
        }
        break;
      case "error":
        // Clients only listen; the room answers a stray message, nothing to do.
        break;
    }
  });
  socket.addEventListener("close", () => handlers.onClose());
  return () => socket.close(1000);
}
