import { DomainError, ErrorCode } from "@core/errors";
import {
  buildCalendar,
  CALENDAR_ALARM_CHOICES,
  type CalendarAlarmMinutes,
  type CalendarEntry,
  DEFAULT_CALENDAR_ALARM_MINUTES,
  zonedTimeToUtc,
} from "@core/schedule/icalendar";
import type { PublicPresentation } from "@core/schedule/public-schedule";
import { type Context, Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { assertEventReadable } from "../auth/event-access";
import { optionalSession, requireSession, type SessionEnv, sessionOfEvent } from "../auth/session";
import { currentSchedule } from "../cache/current-schedule";
import {
  calendarAlarmMinutes,
  ensureCalendarToken,
  findMemberByCalendarToken,
  setCalendarAlarmMinutes,
} from "../db/queries/calendar";
import { type EventRow, findEventById, findEventBySlug } from "../db/queries/events";
import { myScheduleIds } from "../db/queries/my-schedule";
import { loadPublicPresentation } from "../db/queries/public-schedule";
import { publicOrigin } from "../deploy-config";
import { IdParam, SlugParam, valid } from "../validation";

// Links in a calendar outlive the request: they name the site's public origin, never the caller's Host.
const origin = (c: { env: AppEnv["Bindings"] }) => publicOrigin(c.env);

function toEntry(site: string, event: EventRow, presentation: PublicPresentation): CalendarEntry {
  const speakers = presentation.speakers.map((s) => [s.title, s.firstName, s.lastName].filter(Boolean).join(" "));
  return {
    uid: `presentation-${presentation._id}@${new URL(site).host}`,
    start: zonedTimeToUtc(presentation.date, presentation.time, event.timeZone),
    end: zonedTimeToUtc(presentation.date, presentation.end_time, event.timeZone),
    summary: presentation.name,
    location: [presentation.room_info?.name, event.venue].filter(Boolean).join(", ") || null,
    description: [speakers.join(", "), presentation.abstract].filter(Boolean).join("\n\n") || null,
    url: `${site}/${event.slug}/${presentation._id}`,
  };
}

/** A stored reminder read back as one of the choices; anything else is the default. */
function alarmChoice(minutes: number): CalendarAlarmMinutes {
  return CALENDAR_ALARM_CHOICES.find((choice) => choice === minutes) ?? DEFAULT_CALENDAR_ALARM_MINUTES;
}

const AlarmMinutes = v.picklist(CALENDAR_ALARM_CHOICES);
const AlarmQuery = v.optional(
  v.pipe(v.picklist(CALENDAR_ALARM_CHOICES.map(String)), v.transform(Number), AlarmMinutes),
);

async function subscription(c: Context<AppEnv & SessionEnv>) {
  const { user, event } = c.var.session;
  const token = await ensureCalendarToken(c.var.db, user.id, event.id);
  const url = `${origin(c)}/api/calendar/${token}.ics`;
  const alarmMinutes = alarmChoice(await calendarAlarmMinutes(c.var.db, user.id, event.id));
  return { url, webcal: url.replace(/^https?:/, "webcal:"), alarmMinutes };
}

function calendarResponse(c: Context, filename: string, body: string) {
  return c.body(body, 200, {
    "content-type": "text/calendar; charset=utf-8",
    "content-disposition": `attachment; filename="${filename}"`,
    "cache-control": "private, no-cache",
  });
}

export const calendarRoutes = new Hono<AppEnv & SessionEnv>()
  .get("/me/calendar", requireSession, async (c) => c.json({ data: await subscription(c) }, 200))
  // The feed's reminder is the member's setting, so a calendar already subscribed follows a change.
  .put("/me/calendar", requireSession, valid("json", v.object({ alarmMinutes: AlarmMinutes })), async (c) => {
    const { user, event } = c.var.session;
    await setCalendarAlarmMinutes(c.var.db, user.id, event.id, c.req.valid("json").alarmMinutes);
    return c.json({ data: await subscription(c) }, 200);
  })
  // The subscription feed: the secret in the URL is the only credential calendar apps can send.
  .get(
    "/calendar/:file",
    valid("param", v.object({ file: v.pipe(v.string(), v.regex(/^[0-9a-f]{64}\.ics$/)) })),
    async (c) => {
      const member = await findMemberByCalendarToken(c.var.db, c.req.valid("param").file.slice(0, 64));
      const event = member && (await findEventById(c.var.db, member.eventId));
      if (!member || !event) throw new DomainError(ErrorCode.NotFound);
      const wanted = new Set(await myScheduleIds(c.var.db, member.userId, event.id));
      const { presentations } = (await currentSchedule(c.var.db, event.slug, event.revision)).schedule;
      const entries = presentations.filter((p) => wanted.has(p._id)).map((p) => toEntry(origin(c), event, p));
      const body = buildCalendar({
        name: event.name,
        entries,
        now: new Date(),
        alarmMinutes: alarmChoice(member.alarmMinutes),
      });
      return calendarResponse(c, `${event.slug}.ics`, body);
    },
  )
  // A member signed in to the event gets the reminder of their calendar card unless `alarm` says otherwise.
  .get(
    "/public/schedule/:slug/:presentationId/calendar.ics",
    optionalSession,
    valid("param", v.object({ slug: SlugParam, presentationId: IdParam })),
    valid("query", v.object({ password: v.optional(v.pipe(v.string(), v.maxLength(200))), alarm: AlarmQuery })),
    async (c) => {
      const { slug, presentationId } = c.req.valid("param");
      const { alarm } = c.req.valid("query");
      const event = await findEventBySlug(c.var.db, slug);
      if (!event) throw new DomainError(ErrorCode.EventNotFound);
      await assertEventReadable(c, event, c.req.valid("query").password);
      const presentation = await loadPublicPresentation(c.var.db, event, presentationId);
      if (!presentation) throw new DomainError(ErrorCode.PresentationNotFound);
      const member = sessionOfEvent(c.var.session, event.id);
      const body = buildCalendar({
        name: event.name,
        entries: [toEntry(origin(c), event, presentation)],
        now: new Date(),
        alarmMinutes:
          alarm ??
          (member
            ? alarmChoice(await calendarAlarmMinutes(c.var.db, member.user.id, event.id))
            : DEFAULT_CALENDAR_ALARM_MINUTES),
      });
      return calendarResponse(c, `${event.slug}-${presentation._id}.ics`, body);
    },
  );
