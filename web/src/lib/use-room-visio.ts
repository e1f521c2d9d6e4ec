import { useEffect, useState } from "react";
import * as v from "valibot";
import { apiRequest } from "./api";

const RoomVisioSchema = v.object({ data: v.object({ name: v.string(), visioEnabled: v.boolean() }) });

// Rooms are few and their switch rarely changes: one call per room and page load, shared by every card.
const asked = new Map<number, Promise<boolean>>();

function roomVisio(roomId: number, token: string): Promise<boolean> {
  let answer = asked.get(roomId);
  if (!answer) {
    answer = apiRequest("GET", `/api/visio/room/${roomId}`, { token }).then((body) => {
      const parsed = v.safeParse(RoomVisioSchema, body);
      return parsed.success && parsed.output.data.visioEnabled;
    });
    // A failed call is asked again next time rather than remembered as "off".
    answer.catch(() => asked.delete(roomId));
    asked.set(roomId, answer);
  }
  return answer;
}

/**
 * Whether a room streams live (spec 1 §7 GET /api/visio/room/{roomId}): null while asking, false
 * without a room or a session, or when the call fails.
 */
export function useRoomVisio(roomId: number | null, token: string | null): boolean | null {
  const [enabled, setEnabled] = useState<boolean | null>(roomId !== null && token !== null ? null : false);
  useEffect(() => {
    if (roomId === null || token === null) {
      setEnabled(false);
      return;
    }
    let current = true;
    roomVisio(roomId, token).then(
      (value) => current && setEnabled(value),
      () => current && setEnabled(false),
    );
    return () => {
      current = false;
    };
  }, [roomId, token]);
  return enabled;
}
