import type { CalendarAlarmMinutes } from "@core/schedule/icalendar";
import { answerOf, api, callOptions } from "../../lib/api";

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
  return (await answerOf(api.me.schedule.$get({}, callOptions(token, signal)))).data.presentationIds;
}

/** `PATCH /api/speaker-data/{presentationId}/my-schedule/{eventId}` with `{ id }`. */
export async function addToMySchedule(
  caller: MyScheduleCaller,
  presentationId: number,
): Promise<ScheduledPresentation> {
  const request = api["speaker-data"][":presentationId"]["my-schedule"][":eventId"].$patch(
    {
      param: { presentationId: String(presentationId), eventId: String(caller.eventId) },
      query: passwordQuery(caller.password),
      json: { id: caller.userId },
    },
    callOptions(caller.token),
  );
  return (await answerOf(request)).data;
}

/** `DELETE /api/speaker-data/{presentationId}/my-schedule/{eventId}/{userId}`. */
export async function removeFromMySchedule(
  caller: MyScheduleCaller,
  presentationId: number,
): Promise<ScheduledPresentation> {
  const request = api["speaker-data"][":presentationId"]["my-schedule"][":eventId"][":userId"].$delete(
    {
      param: { presentationId: String(presentationId), eventId: String(caller.eventId), userId: String(caller.userId) },
      query: passwordQuery(caller.password),
    },
    callOptions(caller.token),
  );
  return (await answerOf(request)).data;
}

/** The secret iCalendar feed of the user's schedule: `url` (https) and the same as `webcal:`. */
export interface CalendarFeed {
  url: string;
  webcal: string;
  /** The feed's reminder before each talk, in minutes; 0 is none. */
  alarmMinutes: CalendarAlarmMinutes;
}

/** `GET /api/me/calendar`. */
export async function fetchCalendarFeed(token: string, signal: AbortSignal): Promise<CalendarFeed> {
  return (await answerOf(api.me.calendar.$get({}, callOptions(token, signal)))).data;
}

/** `PUT /api/me/calendar`: the feed's reminder, kept for the member, so a subscribed calendar follows it. */
export async function saveCalendarAlarm(token: string, alarmMinutes: CalendarAlarmMinutes): Promise<CalendarFeed> {
  return (await answerOf(api.me.calendar.$put({ json: { alarmMinutes } }, callOptions(token)))).data;
}
