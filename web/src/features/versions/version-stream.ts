import { EMPTY_MESSAGE, VersionProgress } from "@core/protocol/version-stream";
import { isInProgress } from "@core/versions/status";
import { useEffect, useRef } from "react";
import { openPartySocket, parseRoomFrame } from "../../lib/party-socket";

/**
 * Follows the talk's version-stream room (contract D): `onProgress` for each version's
 * `{ versionId, percent, status }` (also the current ones on every (re)connection), `onEmpty`
 * when nothing is being processed. A version that ended (success, failed, convert-failed) is
 * acknowledged with its versionId, so the room stops repeating it.
 */
export function useVersionStream(
  presentationId: number,
  token: string,
  handlers: { onProgress: (progress: VersionProgress) => void; onEmpty: () => void },
): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    const socket = openPartySocket({
      party: "version-stream-room",
      room: String(presentationId),
      query: { token },
    });
    socket.addEventListener("message", (event: MessageEvent) => {
      if (event.data === EMPTY_MESSAGE) {
        latest.current.onEmpty();
        return;
      }
      const progress = parseRoomFrame(VersionProgress, event.data);
      if (!progress) return;
      latest.current.onProgress(progress);
      if (!isInProgress(progress.status)) socket.send(progress.versionId);
    });
    return () => socket.close(1000);
  }, [presentationId, token]);
}
