import { fetchFile } from "../../lib/fetch-file";

/** A download gives up after this long and says the server cannot be reached. */
const DOWNLOAD_TIMEOUT_MS = 10_000;

/** Who downloads the file: the event's password when it has one, the member's token when signed in. */
export interface CalendarCaller {
  password: string | null;
  token: string | null;
}

/** The .ics file of one presentation; a protected event's needs its password. */
export function calendarPath(slug: string, presentationId: number, password: string | null): string {
  const path = `/api/public/schedule/${encodeURIComponent(slug)}/${presentationId}/calendar.ics`;
  return password ? `${path}?${new URLSearchParams({ password })}` : path;
}

/** The name the server gives the file (worker/routes/calendar.ts). */
export function calendarFileName(slug: string, presentationId: number): string {
  return `${slug}-${presentationId}.ics`;
}

/**
 * The .ics file read with the member's bearer token: an event that lets no one in anonymously
 * answers 401 `login-required` to a plain link, which cannot send it.
 */
export function fetchCalendarFile(slug: string, presentationId: number, caller: CalendarCaller): Promise<Blob> {
  const path = calendarPath(slug, presentationId, caller.password);
  return fetchFile(path, { token: caller.token, accept: "text/calendar", timeoutMs: DOWNLOAD_TIMEOUT_MS });
}
