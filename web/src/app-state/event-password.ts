import type { WritableAtom } from "jotai";
import { atomWithStorage } from "jotai/utils";
import { plainStringStorage } from "../lib/local-storage";

type PasswordAtom = WritableAtom<string | null, [string | null], void>;

const storage = plainStringStorage((stored) => (stored ? stored : null));
const atoms = new Map<string, PasswordAtom>();

/** Local-storage entry of the password that opened an event (spec §3 "per-event event password"). */
function eventPasswordKey(slug: string): string {
  return `event-password:${slug}`;
}

/** The password that opened the event `slug`, remembered so a reload goes straight in; null when none. */
export function eventPasswordAtom(slug: string): PasswordAtom {
  let passwordAtom = atoms.get(slug);
  if (!passwordAtom) {
    passwordAtom = atomWithStorage<string | null>(eventPasswordKey(slug), null, storage, { getOnInit: true });
    atoms.set(slug, passwordAtom);
  }
  return passwordAtom;
}
