import type { SessionUser } from "@core/auth/user";
import { useAtom, type WritableAtom } from "jotai";
import { atomWithStorage, createJSONStorage } from "jotai/utils";
import * as v from "valibot";

/** What a login leaves in the browser for one event (spec §3 "per-event token", "per-event list-user"). */
export interface StoredSession {
  token: string;
  user: SessionUser;
}

/** A signed-in user as the API answers it (login, GET /api/me) and as the session keeps it. */
export const SessionUserSchema = v.object({
  id: v.number(),
  name: v.string(),
  email: v.string(),
  picture: v.nullable(v.string()),
  photo: v.nullable(v.string()),
  locale: v.string(),
  is_speaker: v.boolean(),
  is_moderator: v.boolean(),
  speaker_id: v.nullable(v.number()),
  external_id: v.nullable(v.string()),
});

const StoredSessionSchema = v.object({
  token: v.pipe(v.string(), v.minLength(1)),
  user: SessionUserSchema,
});

type SessionAtom = WritableAtom<StoredSession | null, [StoredSession | null], void>;

// Whatever is stored is checked, here and when another tab changes it: an old or hand-edited
// entry reads as "not logged in".
const jsonStorage = createJSONStorage<StoredSession | null>(() => localStorage);
const checked = (value: unknown): StoredSession | null => {
  const parsed = v.safeParse(StoredSessionSchema, value);
  return parsed.success ? parsed.output : null;
};
const storage = {
  ...jsonStorage,
  getItem: (key: string, initial: StoredSession | null) => checked(jsonStorage.getItem(key, initial)),
  // Logging out leaves nothing behind, not even a `null`.
  setItem: (key: string, value: StoredSession | null) =>
    value === null ? jsonStorage.removeItem(key) : jsonStorage.setItem(key, value),
  subscribe: (key: string, callback: (value: StoredSession | null) => void, initial: StoredSession | null) =>
    jsonStorage.subscribe?.(key, (value) => callback(checked(value)), initial),
};
const atoms = new Map<string, SessionAtom>();

/** Local-storage key of the session of event `slug`: each event has its own token. */
const sessionKey = (slug: string) => `session:${slug}`;

export function sessionAtom(slug: string): SessionAtom {
  let sessionOf = atoms.get(slug);
  if (!sessionOf) {
    sessionOf = atomWithStorage<StoredSession | null>(sessionKey(slug), null, storage, { getOnInit: true });
    atoms.set(slug, sessionOf);
  }
  return sessionOf;
}

/** The session of the event being viewed (null when anonymous), and its setter (null logs out locally). */
export function useSession(slug: string) {
  return useAtom(sessionAtom(slug));
}
