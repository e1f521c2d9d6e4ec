import { median } from "./check-grades";

const PINGS = 3;
const TIMEOUT_MS = 8000;

/**
 * The WebSocket round trip to this event's quiz activity room (the room every schedule page
 * follows): the time from a frame sent to the room's answer, median of a few. The room answers
 * any frame from a listener with an error frame, which is all the echo this needs.
 */
export function probeRealtime(
  eventId: number,
  access: { token: string; password: string | null },
  signal: AbortSignal,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const query = new URLSearchParams({ token: access.token });
    if (access.password) query.set("password", access.password);
    const scheme = window.location.protocol === "https:" ? "wss" : "ws";
    const socket = new WebSocket(
      `${scheme}://${window.location.host}/parties/quiz-activity-room/${eventId}?${query.toString()}`,
    );
    const trips: number[] = [];
    let sentAt = 0;
    let greeted = false;
    const finish = (outcome: () => void) => {
      window.clearTimeout(timer);
      signal.removeEventListener("abort", abort);
      socket.close(1000);
      outcome();
    };
    const timer = window.setTimeout(() => finish(() => reject(new Error("no answer from the room"))), TIMEOUT_MS);
    const abort = () => finish(() => reject(new DOMException("aborted", "AbortError")));
    signal.addEventListener("abort", abort);
    const ping = () => {
      sentAt = performance.now();
      socket.send("ping");
    };
    socket.addEventListener("message", () => {
      // The first frame is the room's greeting (its current list); the next ones answer our pings.
      if (!greeted) {
        greeted = true;
        ping();
        return;
      }
      trips.push(performance.now() - sentAt);
      if (trips.length < PINGS) ping();
      else finish(() => resolve(Math.round(median(trips))));
    });
    socket.addEventListener("error", () => finish(() => reject(new Error("the room refused the connection"))));
  });
}
