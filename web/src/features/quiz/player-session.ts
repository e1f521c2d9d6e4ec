import { useAtom, type WritableAtom } from "jotai";
import { atomWithStorage, createJSONStorage } from "jotai/utils";
import * as v from "valibot";
import { playerStorageKey } from "./player-storage";

/** What the quiz login leaves in the browser for one event: the nickname's token and quiz. */
export interface QuizPlayerSession {
  token: string;
  playerId: string;
  name: string;
  presentationId: number;
}

const QuizPlayerSessionSchema = v.object({
  token: v.pipe(v.string(), v.minLength(1)),
  playerId: v.string(),
  name: v.string(),
  presentationId: v.number(),
});

type PlayerAtom = WritableAtom<QuizPlayerSession | null, [QuizPlayerSession | null], void>;

const jsonStorage = createJSONStorage<QuizPlayerSession | null>(() => localStorage);
const checked = (value: unknown): QuizPlayerSession | null => {
  const parsed = v.safeParse(QuizPlayerSessionSchema, value);
  return parsed.success ? parsed.output : null;
};
const storage = {
  ...jsonStorage,
  getItem: (key: string, initial: QuizPlayerSession | null) => checked(jsonStorage.getItem(key, initial)),
};
const atoms = new Map<string, PlayerAtom>();

function playerAtom(slug: string): PlayerAtom {
  let atom = atoms.get(slug);
  if (!atom) {
    atom = atomWithStorage<QuizPlayerSession | null>(playerStorageKey(slug), null, storage, { getOnInit: true });
    atoms.set(slug, atom);
  }
  return atom;
}

/** The quiz nickname of event `slug` in this browser (spec §6: the attendee's token, per event). */
export function useQuizPlayer(slug: string) {
  return useAtom(playerAtom(slug));
}

const elapsedKey = (playerId: string, questionId: number) => `quiz-elapsed:${playerId}:${questionId}`;

/** Spec §3 "elapsed quiz time per user and question": the time shown when the answer was sent. */
export function readElapsed(playerId: string, questionId: number): number | null {
  try {
    const stored = Number(localStorage.getItem(elapsedKey(playerId, questionId)));
    return Number.isFinite(stored) && stored > 0 ? stored : null;
  } catch {
    return null;
  }
}

export function writeElapsed(playerId: string, questionId: number, elapsedMs: number | null): void {
  try {
    if (elapsedMs === null) localStorage.removeItem(elapsedKey(playerId, questionId));
    else localStorage.setItem(elapsedKey(playerId, questionId), String(Math.round(elapsedMs)));
  } catch {
    // Not kept: the time still shows until the page is left.
  }
}
