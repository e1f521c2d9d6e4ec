import { ChangeFeedServerMessage } from "@core/protocol/change-feed";
import { QaChangeSchema } from "@core/protocol/qa";
import type { QaChange } from "@core/qa/changes";
import * as v from "valibot";
import { openPartySocket, parseRoomFrame } from "../../lib/party-socket";
import type { QaAccess } from "./qa-api";

interface QaRoomHandlers {
  /** Connected (again): read the list, which holds every change up to now. */
  onHello(): void;
  /** The room's Q&A changes of one message, in order; the forum's own are skipped. */
  onChanges(changes: QaChange[]): void;
  onReset(): void;
  onClose(): void;
}

const qaChangeOf = (change: unknown): QaChange[] => {
  const parsed = v.safeParse(QaChangeSchema, change);
  return parsed.success ? [parsed.output] : [];
};

/**
 * Follows a talk's Q&A through its forum room (docs/protocol.md, change feed). The list is read
 * again on every connection, so no `since` is kept: a reconnection misses nothing.
 */
export function connectQaRoom(presentationId: number, access: QaAccess, handlers: QaRoomHandlers): () => void {
  const socket = openPartySocket({
    party: "forum-room",
    room: String(presentationId),
    query: () => ({ token: access.token ?? undefined, password: access.password ?? undefined }),
  });
  socket.addEventListener("message", (event: MessageEvent) => {
    const output = parseRoomFrame(ChangeFeedServerMessage, event.data);
    if (!output) return;
    if (output.type === "hello") handlers.onHello();
    else if (output.type === "reset") handlers.onReset();
    else if (output.type === "change") handlers.onChanges(qaChangeOf(output.change));
    else if (output.type === "changes") handlers.onChanges(output.changes.flatMap((entry) => qaChangeOf(entry.change)));
  });
  socket.addEventListener("close", () => handlers.onClose());
  return () => socket.close(1000);
}
