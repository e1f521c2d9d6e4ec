/**
 * The one ranking rule of the quiz, for every screen that shows a rank: the live leaderboard and
 * podium, a player's own view, the results page (live and self-paced players together).
 *
 * - Players who answered at least one question are ranked by points (more first), then by total
 *   answering time (less first).
 * - Equal points and equal time share a rank, and the next rank skips as many places
 *   (competition ranking: 1, 2, 2, 4), so a tied second place is "2" wherever it is shown.
 * - A player who never answered has no rank (`null`): they are listed after every ranked player
 *   and are on no podium. A Kahoot player who sat out does not expect to be "27th" ahead of
 *   someone who tried and scored nothing.
 */

/** What ranks a player. */
export interface Standing {
  points: number;
  /** Sum of the answering times of the answered questions. */
  totalTimeMs: number;
  /** How many questions the player answered. */
  answered: number;
}

/** Whether a player has a rank at all: only once they answered something. */
export const isRanked = (standing: Standing): boolean => standing.answered > 0;

/** Negative when `a` ranks before `b`, 0 when they share a rank. */
export function compareStandings(a: Standing, b: Standing): number {
  return Number(isRanked(b)) - Number(isRanked(a)) || b.points - a.points || a.totalTimeMs - b.totalTimeMs;
}

/**
 * The players in display order, each with their rank (null when unranked). `displayOrder` only
 * orders players who share a rank (or are unranked), so the list never depends on how the rows
 * were read; it never changes a rank.
 */
export function rankStandings<T extends Standing>(
  players: readonly T[],
  displayOrder: (a: T, b: T) => number,
): (T & { rank: number | null })[] {
  const sorted = [...players].sort((a, b) => compareStandings(a, b) || displayOrder(a, b));
  let rank = 0;
  return sorted.map((player, position) => {
    if (!isRanked(player)) return { ...player, rank: null };
    const previous = sorted[position - 1];
    if (!previous || compareStandings(previous, player) !== 0) rank = position + 1;
    return { ...player, rank };
  });
}
