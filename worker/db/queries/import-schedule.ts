import type {
  ImportCounts,
  ImportedEventSettings,
  ImportedPresentation,
  ImportedSchedule,
  ImportReport,
} from "@core/schedule/imported-schedule";
import { eq, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { hashPassword, verifyPassword } from "../../auth/password";
import { sanitizeHtml } from "../../html/sanitize-html";
import type { Database } from "../client";
import {
  associations,
  events,
  presentationColors,
  presentationSpeakers,
  presentations,
  presentationTypes,
  rooms,
  speakers,
} from "../schema";

const emptyCounts = (): ImportCounts => ({ created: 0, updated: 0, unchanged: 0 });

/** Compares the fields a re-import may change; `undefined` on the imported side means "keep". */
function differs(existing: Record<string, unknown>, wanted: Record<string, unknown>): boolean {
  return Object.entries(wanted).some(([key, value]) => value !== undefined && existing[key] !== value);
}

/**
 * Applies an imported schedule to its event, idempotently: records are matched by their
 * schedule keys, only what differs is written, and everything is written in one D1 batch
 * (a transaction), so a failed import changes nothing. Presentations that left the schedule
 * are archived, not deleted: their forum posts and quiz answers are kept.
 */
export async function importSchedule(db: Database, schedule: ImportedSchedule): Promise<ImportReport> {
  const existingEvent = await db.select().from(events).where(eq(events.slug, schedule.event.slug)).get();
  const eventId: SQL = sql`(select id from ${events} where ${events.slug} = ${schedule.event.slug})`;
  const statements: BatchItem<"sqlite">[] = [];

  const eventValues = await eventColumns(schedule, existingEvent?.passwordHash ?? null);
  let eventChange: ImportReport["event"] = "unchanged";
  if (!existingEvent) {
    eventChange = "created";
    statements.push(db.insert(events).values({ slug: schedule.event.slug, ...eventValues }));
  } else if (differs(existingEvent, eventValues)) {
    eventChange = "updated";
    statements.push(db.update(events).set(eventValues).where(eq(events.id, existingEvent.id)));
  }

  const existing = existingEvent ? await loadExisting(db, existingEvent.id) : emptyExisting();
  const roomCounts = upsertRooms(db, schedule, existing, eventId, statements);
  const speakerCounts = await upsertSpeakers(db, schedule, existing, eventId, statements);
  upsertLookups(db, schedule, existing, eventId, statements);
  const presentationCounts = await upsertPresentations(db, schedule, existing, eventId, statements);

  const changed = statements.length > 0;
  if (changed && existingEvent) {
    statements.push(
      db
        .update(events)
        .set({ revision: sql`${events.revision} + 1` })
        .where(eq(events.id, existingEvent.id)),
    );
  }
  if (statements.length > 0) await db.batch(statements as [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]]);
  const after = await db
    .select({ revision: events.revision })
    .from(events)
    .where(eq(events.slug, schedule.event.slug))
    .get();

  return {
    event: eventChange,
    rooms: roomCounts,
    speakers: speakerCounts,
    presentations: presentationCounts,
    days: new Set(schedule.presentations.map((presentation) => presentation.day)).size,
    revision: after?.revision ?? 1,
  };
}

async function eventColumns(schedule: ImportedSchedule, currentPasswordHash: string | null) {
  const settings: ImportedEventSettings = schedule.event.settings;
  return {
    name: schedule.event.name,
    start: schedule.event.start,
    end: schedule.event.end,
    timeZone: schedule.event.timeZone,
    logo: settings.logo,
    venue: settings.venue,
    adHtml: settings.adHtml === undefined ? undefined : await sanitizeHtml(settings.adHtml),
    allowAnonymousAccess: settings.allowAnonymousAccess,
    allowCreateAccount: settings.allowCreateAccount,
    forum: settings.forum,
    quiz: settings.quiz,
    showVideoViews: settings.showVideoViews,
    feedbackAuthorsVisible: settings.feedbackAuthorsVisible,
    scheduleBackgroundColor: settings.scheduleBackgroundColor,
    scheduleTextColor: settings.scheduleTextColor,
    liveRoomUrlTemplate: settings.liveRoomUrlTemplate,
    passwordHash: await passwordColumn(settings.password, currentPasswordHash),
  };
}

/** A salted hash differs on every run: keep the stored one while it still matches the password. */
async function passwordColumn(password: string | null | undefined, current: string | null) {
  if (password === undefined) return undefined;
  if (password === null) return null;
  if (current && (await verifyPassword(password, current))) return current;
  return hashPassword(password);
}

function emptyExisting() {
  return {
    rooms: new Map<string, typeof rooms.$inferSelect>(),
    speakers: new Map<string, typeof speakers.$inferSelect>(),
    types: new Map<string, typeof presentationTypes.$inferSelect>(),
    tracks: new Map<string, typeof presentationColors.$inferSelect>(),
    associations: new Map<string, typeof associations.$inferSelect>(),
    presentations: new Map<string, ExistingPresentation>(),
  };
}

type Existing = ReturnType<typeof emptyExisting>;

interface ExistingPresentation {
  id: number;
  fields: Record<string, unknown>;
  speakerExternalIds: string;
}

async function loadExisting(db: Database, eventId: number): Promise<Existing> {
  const existing = emptyExisting();
  const [roomRows, speakerRows, typeRows, trackRows, associationRows] = await Promise.all([
    db.select().from(rooms).where(eq(rooms.eventId, eventId)),
    db.select().from(speakers).where(eq(speakers.eventId, eventId)),
    db.select().from(presentationTypes).where(eq(presentationTypes.eventId, eventId)),
    db.select().from(presentationColors).where(eq(presentationColors.eventId, eventId)),
    db.select().from(associations).where(eq(associations.eventId, eventId)),
  ]);
  for (const row of roomRows) existing.rooms.set(row.name, row);
  for (const row of speakerRows) existing.speakers.set(row.externalId, row);
  for (const row of typeRows) existing.types.set(row.name, row);
  for (const row of trackRows) existing.tracks.set(row.name, row);
  for (const row of associationRows) existing.associations.set(row.name, row);

  const byId = <T extends { id: number; name: string }>(map: Map<string, T>) =>
    new Map([...map.values()].map((row) => [row.id, row.name]));
  const roomNames = byId(existing.rooms);
  const typeNames = byId(existing.types);
  const trackNames = byId(existing.tracks);
  const associationNames = byId(existing.associations);
  const speakerKeys = new Map([...existing.speakers.values()].map((row) => [row.id, row.externalId]));

  const [presentationRows, linkRows] = await Promise.all([
    db.select().from(presentations).where(eq(presentations.eventId, eventId)),
    db
      .select({ presentationId: presentationSpeakers.presentationId, speakerId: presentationSpeakers.speakerId })
      .from(presentationSpeakers)
      .innerJoin(presentations, eq(presentations.id, presentationSpeakers.presentationId))
      .where(eq(presentations.eventId, eventId))
      .orderBy(presentationSpeakers.presentationId, presentationSpeakers.position),
  ]);
  const links = new Map<number, string[]>();
  for (const link of linkRows) {
    const list = links.get(link.presentationId) ?? [];
    list.push(speakerKeys.get(link.speakerId) ?? "");
    links.set(link.presentationId, list);
  }
  for (const row of presentationRows) {
    existing.presentations.set(row.externalId, {
      id: row.id,
      fields: {
        name: row.name,
        subtitle: row.subtitle,
        abstract: row.abstract,
        date: row.date,
        time: row.time,
        endTime: row.endTime,
        day: row.day,
        information: row.information,
        archived: row.archived,
        roomName: row.roomId === null ? null : (roomNames.get(row.roomId) ?? null),
        typeName: row.typeId === null ? null : (typeNames.get(row.typeId) ?? null),
        trackName: row.colorId === null ? null : (trackNames.get(row.colorId) ?? null),
        associationName: row.associationId === null ? null : (associationNames.get(row.associationId) ?? null),
      },
      speakerExternalIds: JSON.stringify(links.get(row.id) ?? []),
    });
  }
  return existing;
}

function upsertRooms(
  db: Database,
  schedule: ImportedSchedule,
  existing: Existing,
  eventId: SQL,
  statements: BatchItem<"sqlite">[],
): ImportCounts {
  const counts = emptyCounts();
  const visioRooms = schedule.event.settings.visioRooms;
  schedule.rooms.forEach((room, position) => {
    const current = existing.rooms.get(room.name);
    // Without a `visioRooms` list the importer leaves each room's visio switch as it is.
    const visioEnabled = visioRooms ? visioRooms.includes(room.name) : (current?.visioEnabled ?? false);
    if (!current) {
      counts.created++;
      statements.push(db.insert(rooms).values({ eventId, name: room.name, position, visioEnabled }));
    } else if (current.position !== position || current.visioEnabled !== visioEnabled) {
      counts.updated++;
      statements.push(db.update(rooms).set({ position, visioEnabled }).where(eq(rooms.id, current.id)));
    } else counts.unchanged++;
  });
  return counts;
}

async function upsertSpeakers(
  db: Database,
  schedule: ImportedSchedule,
  existing: Existing,
  eventId: SQL,
  statements: BatchItem<"sqlite">[],
): Promise<ImportCounts> {
  const counts = emptyCounts();
  for (const { externalId, biography, links, ...imported } of schedule.speakers) {
    // Stored as a talk's description is: sanitized HTML.
    const fields = {
      ...imported,
      biography: await sanitizeHtml(biography),
      links: links.length > 0 ? JSON.stringify(links) : null,
    };
    const current = existing.speakers.get(externalId);
    if (!current) {
      counts.created++;
      statements.push(db.insert(speakers).values({ eventId, externalId, ...fields }));
    } else if (differs(current, fields)) {
      counts.updated++;
      statements.push(db.update(speakers).set(fields).where(eq(speakers.id, current.id)));
    } else counts.unchanged++;
  }
  return counts;
}

/** Types, tracks (presentation colours) and associations: matched by name. */
function upsertLookups(
  db: Database,
  schedule: ImportedSchedule,
  existing: Existing,
  eventId: SQL,
  statements: BatchItem<"sqlite">[],
) {
  for (const type of schedule.types) {
    const current = existing.types.get(type.name);
    if (!current) statements.push(db.insert(presentationTypes).values({ eventId, ...type }));
    else if (current.icon !== type.icon) {
      statements.push(
        db.update(presentationTypes).set({ icon: type.icon }).where(eq(presentationTypes.id, current.id)),
      );
    }
  }
  for (const track of schedule.tracks) {
    const current = existing.tracks.get(track.name);
    if (!current) statements.push(db.insert(presentationColors).values({ eventId, ...track }));
    else if (current.color !== track.color) {
      statements.push(
        db.update(presentationColors).set({ color: track.color }).where(eq(presentationColors.id, current.id)),
      );
    }
  }
  for (const association of schedule.associations) {
    const current = existing.associations.get(association.name);
    if (!current) statements.push(db.insert(associations).values({ eventId, ...association }));
    else if (current.logo !== association.logo) {
      statements.push(db.update(associations).set({ logo: association.logo }).where(eq(associations.id, current.id)));
    }
  }
}

/** A foreign key resolved inside the batch, so records created by this import can be referenced. */
function lookupId(
  table: typeof rooms | typeof presentationTypes | typeof associations,
  eventId: SQL,
  name: string | null,
) {
  if (name === null) return null;
  return sql`(select id from ${table} where ${table.eventId} = ${eventId} and ${table.name} = ${name})`;
}

function trackId(eventId: SQL, name: string | null) {
  if (name === null) return null;
  return sql`(select id from ${presentationColors} where ${presentationColors.eventId} = ${eventId} and ${presentationColors.name} = ${name})`;
}

function speakerId(eventId: SQL, externalId: string | undefined) {
  if (externalId === undefined) return null;
  return sql`(select id from ${speakers} where ${speakers.eventId} = ${eventId} and ${speakers.externalId} = ${externalId})`;
}

function presentationId(eventId: SQL, externalId: string) {
  return sql`(select id from ${presentations} where ${presentations.eventId} = ${eventId} and ${presentations.externalId} = ${externalId})`;
}

async function upsertPresentations(
  db: Database,
  schedule: ImportedSchedule,
  existing: Existing,
  eventId: SQL,
  statements: BatchItem<"sqlite">[],
) {
  const counts = { ...emptyCounts(), archived: 0 };
  for (const imported of schedule.presentations) {
    const information = await sanitizeHtml(imported.information);
    const fields = comparableFields(imported, information);
    const current = existing.presentations.get(imported.externalId);
    const speakersChanged = current?.speakerExternalIds !== JSON.stringify(imported.speakerExternalIds);
    const columns = {
      name: imported.name,
      subtitle: imported.subtitle,
      abstract: imported.abstract,
      date: imported.date,
      time: imported.time,
      endTime: imported.endTime,
      day: imported.day,
      information,
      archived: false,
      roomId: lookupId(rooms, eventId, imported.roomName),
      typeId: lookupId(presentationTypes, eventId, imported.typeName),
      colorId: trackId(eventId, imported.trackName),
      associationId: lookupId(associations, eventId, imported.associationName),
      speakerId: speakerId(eventId, imported.speakerExternalIds[0]),
    };
    if (!current) {
      counts.created++;
      statements.push(db.insert(presentations).values({ eventId, externalId: imported.externalId, ...columns }));
    } else if (differs(current.fields, fields) || speakersChanged) {
      counts.updated++;
      statements.push(db.update(presentations).set(columns).where(eq(presentations.id, current.id)));
    } else {
      counts.unchanged++;
      continue;
    }
    const id = presentationId(eventId, imported.externalId);
    statements.push(db.delete(presentationSpeakers).where(eq(presentationSpeakers.presentationId, id)));
    imported.speakerExternalIds.forEach((externalId, position) => {
      statements.push(
        db.insert(presentationSpeakers).values({
          presentationId: id,
          speakerId: speakerId(eventId, externalId) as SQL,
          position,
        }),
      );
    });
  }

  const keptIds = new Set(schedule.presentations.map((presentation) => presentation.externalId));
  for (const [externalId, current] of existing.presentations) {
    if (keptIds.has(externalId) || current.fields.archived === true) continue;
    counts.archived++;
    statements.push(db.update(presentations).set({ archived: true }).where(eq(presentations.id, current.id)));
  }
  return counts;
}

function comparableFields(imported: ImportedPresentation, information: string | null) {
  return {
    name: imported.name,
    subtitle: imported.subtitle,
    abstract: imported.abstract,
    date: imported.date,
    time: imported.time,
    endTime: imported.endTime,
    day: imported.day,
    information,
    archived: false,
    roomName: imported.roomName,
    typeName: imported.typeName,
    trackName: imported.trackName,
    associationName: imported.associationName,
  };
}
