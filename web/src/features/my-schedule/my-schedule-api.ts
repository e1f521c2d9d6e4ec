import { apiRequest } from "../../lib/api";

/** The presentation a personal-schedule change returns, with who has it in their schedule (spec §4). */
interface ScheduledPresentation {
  _id: number;
  users: { id: number }[];
}

/** Who is changing their schedule, in which event, and the event's password when it has one. */
export interface MyScheduleCaller {
  token: string;
  userId: number;
  eventId: number;
  password: string | null;
}

const passwordQuery = (password: string | null) => ({ password: password ?? undefined });

/** `GET /api/me/schedule`: ids of the presentations in the user's schedule. */
export async function fetchMyScheduleIds(token: string, signal: AbortSignal): Promise<number[]> {
  const body = await apiRequest<{ data: { presentationIds: number[] } }>("GET", "/api/me/schedule", {
    token,
    signal,
  });
  return body.data.presentationIds;
}

/** `PATCH /api/speaker-data/{presentationId}/my-schedule/{eventId}` with `{ id }`. */
export async function addToMySchedule(
  caller: MyScheduleCaller,
  presentationId: number,
): Promise<ScheduledPresentation> {
  const body = await apiRequest<{ data: ScheduledPresentation }>(
    "PATCH",
    `/api/speaker-data/${presentationId}/my-schedule/${caller.eventId}`,
    { token: caller.token, query: passwordQuery(caller.password), body: { id: caller.userId } },
  );
  return body.data;
}

/** `DELETE /api/speaker-data/{presentationId}/my-schedule/{eventId}/{userId}`. */
export async function removeFromMySchedule(
  caller: MyScheduleCaller,
  presentationId: number,
): Promise<ScheduledPresentation> {
  const body = await apiRequest<{ data: ScheduledPresentation }>(
    "DELETE",
    `/api/speaker-data/${presentationId}/my-schedule/${caller.eventId}/${caller.userId}`,
    { token: caller.token, query: passwordQuery(caller.password) },
  );
  return body.data;
}

/** The secret iCalendar feed of the user's schedule: `url` (https) and the same as `webcal:`. */
export interface CalendarFeed {
  url: string;
  webcal: string;
}

/** `GET /api/me/calendar`. */
export async function fetchCalendarFeed(token: string, signal: AbortSignal): Promise<CalendarFeed> {
  return (await apiRequest<{ data: CalendarFeed }>("GET", "/api/me/calendar", { token, signal })).data;
}
