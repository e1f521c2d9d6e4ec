/**
 * Restoring an archive gives its rows fresh ids in the target database; these functions carry
 * the ids of the archive over to the new ones wherever a value names one: a quiz room's logged
 * events, a quiz answer's player key and options, a file key under a presentation or user folder.
 */
import type { StoredEvent } from "../protocol/stored-event";
import { SELF_PACED_KEY_PREFIX } from "../quiz/self-paced";

/** Old id → new id, per kind of row. */
export interface IdMaps {
  presentations: ReadonlyMap<number, number>;
  users: ReadonlyMap<number, number>;
  quizQuestions: ReadonlyMap<number, number>;
  quizOptions: ReadonlyMap<number, number>;
  quizPlayers: ReadonlyMap<number, number>;
}

const LIVE_PLAYER_PREFIX = "p";

const mapped = (map: ReadonlyMap<number, number>, id: number) => map.get(id) ?? id;

/** The key of a live player of an earlier run, whose nickname row a rerun removed: it has no new id. */
export const archivedPlayerKey = (key: string) => `archived-${key}`;

/**
 * A player key: `p{quizPlayerId}` (live) or `user:{userId}` (self-paced). A live player with no
 * new id (an earlier run's, see {@link archivedPlayerKey}) gets a key no restored or later player
 * can have, so two runs of one log never share a player.
 */
export function remapPlayerKey(key: string, maps: IdMaps): string {
  if (key.startsWith(SELF_PACED_KEY_PREFIX)) {
    const id = Number(key.slice(SELF_PACED_KEY_PREFIX.length));
    return Number.isInteger(id) ? `${SELF_PACED_KEY_PREFIX}${mapped(maps.users, id)}` : key;
  }
  if (/^p[0-9]+$/.test(key)) {
    const id = maps.quizPlayers.get(Number(key.slice(LIVE_PLAYER_PREFIX.length)));
    return id === undefined ? archivedPlayerKey(key) : `${LIVE_PLAYER_PREFIX}${id}`;
  }
  return key;
}

export const remapOptionIds = (ids: readonly number[], maps: IdMaps) => ids.map((id) => mapped(maps.quizOptions, id));

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const numbers = (value: unknown): value is number[] =>
  Array.isArray(value) && value.every((item) => typeof item === "number");

/**
 * One logged event with the archive's ids replaced. Only the fields that name ids change; an
 * event of a kind this version does not know is kept as it is, as `evolve` ignores it.
 */
export function remapQuizEvent(event: StoredEvent, maps: IdMaps): StoredEvent {
  if (!isRecord(event.data)) return event;
  const data: Record<string, unknown> = { ...event.data };
  if (typeof data.playerId === "string") data.playerId = remapPlayerKey(data.playerId, maps);
  if (typeof data.questionId === "number") data.questionId = mapped(maps.quizQuestions, data.questionId);
  if (numbers(data.optionIds)) data.optionIds = remapOptionIds(data.optionIds, maps);
  if (event.type === "quiz_started" && Array.isArray(data.questions)) {
    data.questions = data.questions.map((question: unknown) => {
      if (!isRecord(question)) return question;
      const copy: Record<string, unknown> = { ...question };
      if (typeof copy.id === "number") copy.id = mapped(maps.quizQuestions, copy.id);
      if (numbers(copy.optionIds)) copy.optionIds = remapOptionIds(copy.optionIds, maps);
      if (numbers(copy.correctOptionIds)) copy.correctOptionIds = remapOptionIds(copy.correctOptionIds, maps);
      return copy;
    });
  }
  return { ...event, data };
}

const FILE_URL_PREFIX = "/api/files/";
const FOLDER_KEY = /^(quiz|pictures\/users)\/([1-9][0-9]{0,15})\//;

/**
 * A file key, or a `/api/files/{key}` URL, moved to its folder's new id: `quiz/{presentationId}/…`
 * and `pictures/users/{userId}/…` are named after their owner. Any other key or URL is kept.
 */
export function remapFileReference(reference: string, maps: IdMaps): string {
  const isUrl = reference.startsWith(FILE_URL_PREFIX);
  const key = isUrl ? reference.slice(FILE_URL_PREFIX.length) : reference;
  const match = FOLDER_KEY.exec(key);
  if (!match) return reference;
  const [whole, folder, id] = match as unknown as [string, string, string];
  const map = folder === "quiz" ? maps.presentations : maps.users;
  const moved = `${folder}/${mapped(map, Number(id))}/${key.slice(whole.length)}`;
  return isUrl ? `${FILE_URL_PREFIX}${moved}` : moved;
}

/** The R2 key a stored reference names: a key, a `/api/files/` URL's key, or none (an outside URL). */
export function fileKeyOf(reference: string): string | undefined {
  if (reference.startsWith(FILE_URL_PREFIX)) return decodeURIComponent(reference.slice(FILE_URL_PREFIX.length));
  if (/^[a-z]+:/i.test(reference) || reference.startsWith("/")) return undefined;
  return reference;
}
