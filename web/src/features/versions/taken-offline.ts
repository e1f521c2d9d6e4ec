import * as v from "valibot";

/**
 * The versions their speaker's webcam upload took offline (the server puts a version back to
 * `pending` and offline when a webcam is added: docs/versions.md), kept in local storage so the
 * row still says why after a reload, until the version is online again or deleted.
 */
const STORAGE_KEY = "versions.taken-offline";

const StoredIds = v.array(v.string());

export function readTakenOffline(): ReadonlySet<string> {
  try {
    const parsed = v.safeParse(StoredIds, JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]"));
    return new Set(parsed.success ? parsed.output : []);
  } catch {
    return new Set();
  }
}

/** Marks (`taken`) or clears a version, and answers the new set. */
export function writeTakenOffline(versionId: string, taken: boolean): ReadonlySet<string> {
  const ids = new Set(readTakenOffline());
  if (taken) ids.add(versionId);
  else ids.delete(versionId);
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify([...ids]));
  } catch {
    // Storage blocked: the row says it for this page only.
  }
  return ids;
}
