/**
 * The nicknames in use, lower-cased, so a join checks its name in O(1) instead of scanning every
 * player (which made N joins cost O(N²)). A memo per players object: states are immutable, and
 * the one object changed in place, a fold's own copy, is kept in step by {@link noteNickname}.
 */
import type { QuizPlayer } from "./model";

const byPlayers = new WeakMap<Record<string, QuizPlayer>, Set<string>>();

export function takenNicknames(players: Record<string, QuizPlayer>): ReadonlySet<string> {
  let names = byPlayers.get(players);
  if (!names) {
    names = new Set(Object.values(players).map((player) => player.name.toLowerCase()));
    byPlayers.set(players, names);
  }
  return names;
}

/** Called by a fold that added a player to its own copy of `players`. */
export function noteNickname(players: Record<string, QuizPlayer>, name: string): void {
  byPlayers.get(players)?.add(name.toLowerCase());
}
