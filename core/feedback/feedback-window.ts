/**
 * When a talk may be rated (issue 32): from its start, on the event's clock (the talk's date and
 * time in the event's time zone), until the end of the event's last day in that zone. Rating and
 * editing are refused outside it; the member's own rating stays readable after it.
 */
import { DomainError, ErrorCode } from "../errors";
import { zonedTimeToUtc } from "../schedule/icalendar";

const END_OF_DAY_MINUTES = 24 * 60;

/** Instants in Unix milliseconds: open from `opensAt` (included) to `closesAt` (excluded). */
export interface FeedbackWindow {
  opensAt: number;
  closesAt: number;
}

/** Before the talk's start, open, or after the event's end. */
export type FeedbackPhase = "before" | "open" | "closed";

/** The window of a talk (`date` `yyyy-MM-dd`, `time` in minutes) in an event (`end` its last day). */
export function feedbackWindow(
  talk: { date: string; time: number },
  event: { end: string; timeZone: string },
): FeedbackWindow {
  return {
    opensAt: zonedTimeToUtc(talk.date, talk.time, event.timeZone).getTime(),
    closesAt: zonedTimeToUtc(event.end, END_OF_DAY_MINUTES, event.timeZone).getTime(),
  };
}

export function feedbackPhase(window: FeedbackWindow, now: number): FeedbackPhase {
  if (now < window.opensAt) return "before";
  return now < window.closesAt ? "open" : "closed";
}

/** 409 `feedback-not-open` before the talk's start, 409 `feedback-closed` after the event's end. */
export function assertFeedbackOpen(window: FeedbackWindow, now: number): void {
  const phase = feedbackPhase(window, now);
  if (phase === "before") throw new DomainError(ErrorCode.FeedbackNotOpen);
  if (phase === "closed") throw new DomainError(ErrorCode.FeedbackClosed);
}
