import type { PublicPresentation, SpeakerInfo } from "@core/schedule/public-schedule";

/** "HH:mm" as minutes from midnight, so tests read like a timetable. */
export function at(clock: string): number {
  const [hours = 0, minutes = 0] = clock.split(":").map(Number);
  return hours * 60 + minutes;
}

export function speaker(overrides: Partial<SpeakerInfo> & Pick<SpeakerInfo, "_id">): SpeakerInfo {
  return { title: null, firstName: "Ada", lastName: "Lovelace", picture: null, ...overrides };
}

let nextId = 1;

/**
 * A public presentation in room 1 on 2026-03-10 (day 1), 10:00–10:30, with one speaker; the test
 * overrides what it is about. `from`/`to` set `time`/`end_time` from "HH:mm".
 */
export function presentation(
  overrides: Partial<PublicPresentation> & { from?: string; to?: string } = {},
): PublicPresentation {
  const { from, to, ...fields } = overrides;
  const _id = fields._id ?? nextId++;
  const main = speaker({ _id: 100 + _id });
  return {
    _id,
    name: `Talk ${_id}`,
    subtitle: null,
    abstract: null,
    date: "2026-03-10",
    time: from === undefined ? at("10:00") : at(from),
    end_time: to === undefined ? at("10:30") : at(to),
    day: 1,
    event_id: 1,
    speaker_id: main._id,
    session_id: null,
    room_id: 1,
    speaker_info: main,
    speakers: [main],
    room_info: { _id: 1, name: "Room 1" },
    type_info: null,
    color_info: null,
    association_id: null,
    association_info: null,
    pdfUrl: null,
    pdfConvert: null,
    publicVideo: false,
    skip: 0,
    information: null,
    ...fields,
  };
}

/** `room_id` and `room_info` of one room, as the API pairs them. */
export function inRoom(_id: number, name = `Room ${_id}`): Pick<PublicPresentation, "room_id" | "room_info"> {
  return { room_id: _id, room_info: { _id, name } };
}
