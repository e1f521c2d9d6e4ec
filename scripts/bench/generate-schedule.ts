/**
 * A large conference in frab JSON for the schedule benchmark: by default 1,000 presentations in
 * 20 rooms over 3 days. Deterministic for the same options, so runs compare like with like.
 */
import { type FrabPersonDraft, type FrabTalkDraft, frabDocument, localDate } from "../demo/frab-document";

export interface LargeScheduleOptions {
  presentations: number;
  rooms: number;
  days: number;
  /** Its local date is the first day. */
  start: Date;
}

const DEFAULTS = { presentations: 1000, rooms: 20, days: 3 };
const TIME_ZONE = "Europe/Paris";

const DAY_START = 8 * 60;
/** The latest start a frab "HH:MM" can hold. */
const LAST_START = 23 * 60 + 59;

const TRACKS = [
  "Intelligence artificielle",
  "Sécurité",
  "Cloud",
  "Données",
  "Design",
  "Mobile",
  "Santé",
  "Industrie",
  "Climat",
  "Recherche",
].map((name, index) => ({
  name,
  color: ["#2563eb", "#dc2626", "#16a34a", "#d97706", "#7c3aed"][index % 5] ?? "#2563eb",
}));
const TYPES = ["Talk", "Talk", "Talk", "Workshop", "Panel", "Lightning talk", "Keynote"];
const FIRST_NAMES = [
  "Alice",
  "Bruno",
  "Chloé",
  "David",
  "Élodie",
  "Fabien",
  "Gaëlle",
  "Hugo",
  "Inès",
  "Jules",
  "Karim",
  "Léa",
];
const LAST_NAMES = [
  "Martin",
  "Bernard",
  "Dubois",
  "Thomas",
  "Robert",
  "Richard",
  "Petit",
  "Durand",
  "Leroy",
  "Moreau",
  "Simon",
];

/** mulberry32: a small seeded generator, so that the same options give the same file. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(items: readonly T[], random: () => number): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
}

/**
 * Talks are dealt round-robin over days and rooms, then laid out one after another in each room
 * from 08:00, each ending at least 5 minutes before the next slot when slots are longer than
 * 10 minutes, so no room ever holds two talks at once.
 */
export function buildLargeSchedule(options: Partial<LargeScheduleOptions> = {}): unknown {
  const { presentations, rooms, days } = { ...DEFAULTS, ...options };
  const start = options.start ?? new Date();
  if (!Number.isInteger(presentations) || presentations < 0) throw new RangeError("presentations must be 0 or more");
  if (!Number.isInteger(rooms) || rooms < 1) throw new RangeError("rooms must be 1 or more");
  if (!Number.isInteger(days) || days < 1) throw new RangeError("days must be 1 or more");
  const perRoomDay = Math.ceil(presentations / (rooms * days));
  // Slots fill 08:00-20:00, or run until midnight when there are too many to fit.
  const comfortable = perRoomDay === 0 ? 60 : Math.floor((12 * 60) / perRoomDay);
  const slot = Math.min(60, comfortable >= 10 ? comfortable : Math.floor((LAST_START + 1 - DAY_START) / perRoomDay));
  if (slot < 1) throw new RangeError(`${perRoomDay} presentations per room and day do not fit in a day`);

  const random = seededRandom(presentations * 31 + rooms * 17 + days);
  const speakers: FrabPersonDraft[] = Array.from({ length: Math.max(1, Math.ceil(presentations / 2)) }, (_, index) => ({
    id: 1 + index,
    name: `${pick(FIRST_NAMES, random)} ${pick(LAST_NAMES, random)}`,
    picture: null,
    biography: null,
  }));
  const roomNames = Array.from({ length: rooms }, (_, index) => `Salle ${index + 1}`);

  const talks: FrabTalkDraft[] = Array.from({ length: presentations }, (_, index) => {
    const place = index % (rooms * days);
    const day = place % days;
    const position = Math.floor(index / (rooms * days));
    const duration = slot > 10 ? Math.max(5, slot - 5 - Math.floor(random() * Math.min(20, slot / 2))) : slot;
    const mainSpeaker = speakers[index % speakers.length] ?? pick(speakers, random);
    const guest = random() < 0.15 ? pick(speakers, random) : null;
    const track = pick(TRACKS, random).name;
    return {
      id: 100_000 + index,
      day,
      room: roomNames[Math.floor(place / days)] ?? "Salle 1",
      start: DAY_START + position * slot,
      duration,
      title: `Présentation ${index + 1} : ${track.toLowerCase()} en pratique`,
      type: pick(TYPES, random),
      track: random() < 0.9 ? track : null,
      abstract: "Une présentation générée pour le banc d'essai du programme.",
      description: null,
      persons: guest && guest.id !== mainSpeaker.id ? [mainSpeaker, guest] : [mainSpeaker],
      association: null,
    };
  });

  return frabDocument({
    acronym: "bench",
    title: `Banc d'essai : ${presentations} présentations`,
    timeZone: TIME_ZONE,
    days: Array.from({ length: days }, (_, index) => localDate(start, TIME_ZONE, index)),
    rooms: roomNames,
    tracks: TRACKS,
    talks,
    engagement: null,
  });
}
