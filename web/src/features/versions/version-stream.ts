import { useEffect, useRef } from "react";
import { openPartySocket, parseRoomFrame } from "../../lib/party-socket";
import { isFinished, type VersionProgress, VersionProgressSchema } from "./version-schema";

/** The room's word for "no version of this talk is being processed" (spec §7). */
const EMPTY = "empty";

/**
 * Follows the talk's version-stream room (contract D): `onProgress` for each version's
 * `{ versionId, percent, status }` (also the current ones on every (re)connection), `onEmpty`
 * when nothing is being processed. A version that ended (success, failed, convert-failed) is
 * acknowledged with its versionId, so the room stops repeating it.
 */
export function useVersionStream(
  presentationId: number,
  access: { token: string; password: string | null },
  handlers: { onProgress: (progress: VersionProgress) => void; onEmpty: () => void },
): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  const { token, password } = access;
  useEffect(() => {
    const socket = openPartySocket({
      party: "version-stream-room",
      room: String(presentationId),
      query: { token, ...(password === null ? {} : { password }) },
    });
    socket.addEventListener("message", (event: MessageEvent) => {
      if (event.data === EMPTY) {
        latest.current.onEmpty();
        return;
      }
      const progress = parseRoomFrame(VersionProgressSchema, event.data);
      if (!progress) return;
      latest.current.onProgress(progress);
      if (isFinished(progress.status)) socket.send(progress.versionId);
    });
    return () => socket.close(1000);
  }, [presentationId, token, password]);
}
