import type {
  PublicPresentation,
  PublicSchedule,
  ScheduleAggregates,
  SpeakerInfo,
} from "@core/schedule/public-schedule";
import { and, asc, eq, type SQL } from "drizzle-orm";
import { fileUrl } from "../../files/pictures";
import type { Database } from "../client";
import {
  associations,
  presentationColors,
  presentationSpeakers,
  presentations,
  presentationTypes,
  rooms,
  speakers,
  versions,
} from "../schema";
import { type EventRow, toPublicEvent } from "./events";

const presentationColumns = {
  id: presentations.id,
  name: presentations.name,
  subtitle: presentations.subtitle,
  abstract: presentations.abstract,
  date: presentations.date,
  time: presentations.time,
  endTime: presentations.endTime,
  day: presentations.day,
  speakerId: presentations.speakerId,
  sessionId: presentations.sessionId,
  roomId: presentations.roomId,
  roomName: rooms.name,
  typeName: presentationTypes.name,
  typeIcon: presentationTypes.icon,
  colorName: presentationColors.name,
  color: presentationColors.color,
  associationId: presentations.associationId,
  associationName: associations.name,
  associationLogo: associations.logo,
  pdfUrl: presentations.pdfUrl,
  pdfConvert: presentations.pdfConvert,
  skip: presentations.skip,
  information: presentations.information,
};

type PresentationRow = {
  [K in keyof typeof presentationColumns]: (typeof presentationColumns)[K]["_"]["data"] | null;
};

function selectPresentations(db: Database) {
  return db
    .select(presentationColumns)
    .from(presentations)
    .leftJoin(rooms, eq(rooms.id, presentations.roomId))
    .leftJoin(presentationTypes, eq(presentationTypes.id, presentations.typeId))
    .leftJoin(presentationColors, eq(presentationColors.id, presentations.colorId))
    .leftJoin(associations, eq(associations.id, presentations.associationId));
}

/** Every presentation's speakers, in the schedule's order, for the presentations matching `where`. */
async function speakersByPresentation(db: Database, where: SQL | undefined) {
  const rows = await db
    .select({
      presentationId: presentationSpeakers.presentationId,
      _id: speakers.id,
      title: speakers.title,
      firstName: speakers.firstName,
      lastName: speakers.lastName,
      picture: speakers.picture,
    })
    .from(presentationSpeakers)
    .innerJoin(speakers, eq(speakers.id, presentationSpeakers.speakerId))
    .where(where)
    .orderBy(asc(presentationSpeakers.presentationId), asc(presentationSpeakers.position));
  const byPresentation = new Map<number, SpeakerInfo[]>();
  for (const { presentationId, ...speaker } of rows) {
    const list = byPresentation.get(presentationId) ?? [];
    list.push(speaker);
    byPresentation.set(presentationId, list);
  }
  return byPresentation;
}

/**
 * The talks with an online version (one at most: the versions' invariant), each with that
 * version's PDF when it has one: the processor's (uploaded or converted) or the uploaded file.
 */
async function presentationsWithPublicVideo(db: Database, eventId: number): Promise<Map<number, string | null>> {
  const rows = await db
    .select({ presentationId: versions.presentationId, pdfKey: versions.pdfKey, pdfUrl: versions.pdfUrl })
    .from(versions)
    .innerJoin(presentations, eq(presentations.id, versions.presentationId))
    .where(and(eq(presentations.eventId, eventId), eq(versions.online, true), eq(versions.status, "success")));
  return new Map(rows.map((row) => [row.presentationId, row.pdfKey ? fileUrl(row.pdfKey) : row.pdfUrl]));
}

function toPublicPresentation(
  row: PresentationRow,
  eventId: number,
  speakerList: SpeakerInfo[],
  /** The PDF of its online version, null when it has none, undefined when no version is online. */
  onlinePdf: string | null | undefined,
): PublicPresentation {
  const main = speakerList.find((speaker) => speaker._id === row.speakerId) ?? speakerList[0] ?? null;
  return {
    _id: row.id as number,
    name: row.name as string,
    subtitle: row.subtitle,
    abstract: row.abstract,
    date: row.date as string,
    time: row.time as number,
    end_time: row.endTime as number,
    day: row.day as number,
    event_id: eventId,
    speaker_id: row.speakerId,
    session_id: row.sessionId,
    room_id: row.roomId,
    speaker_info: main,
    speakers: speakerList,
    room_info: row.roomId !== null && row.roomName !== null ? { _id: row.roomId, name: row.roomName } : null,
    type_info: row.typeName !== null ? { icon: row.typeIcon, name: row.typeName } : null,
    color_info: row.colorName !== null && row.color !== null ? { color: row.color, name: row.colorName } : null,
    association_id: row.associationId,
    association_info:
      row.associationId !== null && row.associationName !== null
        ? { _id: row.associationId, name: row.associationName, logo: row.associationLogo }
        : null,
    pdfUrl: onlinePdf ?? row.pdfUrl,
    pdfConvert: row.pdfConvert,
    publicVideo: onlinePdf !== undefined,
    skip: row.skip ?? 0,
    information: row.information,
  };
}

/** Speakers, rooms, associations and dates that occur in the listed presentations. */
export function aggregate(list: PublicPresentation[]): ScheduleAggregates {
  const speakerMap = new Map<number, ScheduleAggregates["speakers"][number]>();
  const roomMap = new Map<number, string>();
  const associationMap = new Map<number, string>();
  const dates = new Set<string>();
  for (const presentation of list) {
    for (const { _id, title, firstName, lastName } of presentation.speakers) {
      speakerMap.set(_id, { _id, title, firstName, lastName });
    }
    if (presentation.room_info) roomMap.set(presentation.room_info._id, presentation.room_info.name);
    if (presentation.association_info) {
      associationMap.set(presentation.association_info._id, presentation.association_info.name);
    }
    dates.add(presentation.date);
  }
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);
  return {
    speakers: [...speakerMap.values()].sort((a, b) => a.lastName.localeCompare(b.lastName)),
    rooms: [...roomMap].map(([_id, name]) => ({ _id, name })).sort(byName),
    associations: [...associationMap].map(([_id, name]) => ({ _id, name })).sort(byName),
    dates: [...dates].sort(),
  };
}

export async function loadPublicSchedule(db: Database, event: EventRow): Promise<PublicSchedule> {
  const [rows, speakerMap, withVideo] = await Promise.all([
    selectPresentations(db)
      .where(and(eq(presentations.eventId, event.id), eq(presentations.archived, false)))
      .orderBy(asc(presentations.date), asc(presentations.time), asc(rooms.position), asc(presentations.id)),
    speakersByPresentation(db, eq(speakers.eventId, event.id)),
    presentationsWithPublicVideo(db, event.id),
  ]);
  const list = rows.map((row) =>
    toPublicPresentation(row, event.id, speakerMap.get(row.id) ?? [], withVideo.get(row.id)),
  );
  return { event: toPublicEvent(event), presentations: list, aggregates: aggregate(list) };
}

export async function loadPublicPresentation(
  db: Database,
  event: EventRow,
  presentationId: number,
): Promise<PublicPresentation | undefined> {
  const row = await selectPresentations(db)
    .where(
      and(eq(presentations.eventId, event.id), eq(presentations.id, presentationId), eq(presentations.archived, false)),
    )
    .get();
  if (!row) return undefined;
  const [speakerMap, withVideo] = await Promise.all([
    speakersByPresentation(db, eq(presentationSpeakers.presentationId, presentationId)),
    presentationsWithPublicVideo(db, event.id),
  ]);
  return toPublicPresentation(row, event.id, speakerMap.get(presentationId) ?? [], withVideo.get(presentationId));
}
