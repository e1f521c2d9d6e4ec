/**
 * Views derived from the quiz state: leaderboard, podium, votes, counters and what one player
 * may see of their own answers.
 */
import { currentQuestion, type QuizState } from "./model";
import { rankStandings } from "./ranking";

export const PODIUM_STAGE_SIZE = 3;
export const PODIUM_LIST_LAST_RANK = 30;
export const PODIUM_NAME_LIMIT = 20;

export interface LeaderboardEntry {
  playerId: string;
  name: string;
  points: number;
  /** Sum of the answering times of the answered questions; breaks ties (faster ranks first). */
  totalTimeMs: number;
  answered: number;
  /** Null for a player who never answered (ranking.ts). */
  rank: number | null;
}

/** Every player ranked by the rule of ranking.ts; players who share a rank are listed by who joined first. */
export function leaderboard(state: QuizState): LeaderboardEntry[] {
  const totals = new Map<string, { points: number; totalTimeMs: number; answered: number }>();
  for (const byPlayer of Object.values(state.answers)) {
    for (const [playerId, answer] of Object.entries(byPlayer)) {
      const total = totals.get(playerId) ?? { points: 0, totalTimeMs: 0, answered: 0 };
      total.points += answer.points;
      total.totalTimeMs += answer.elapsedMs;
      total.answered += 1;
      totals.set(playerId, total);
    }
  }
  const ranked = rankStandings(
    Object.values(state.players).map((player) => ({
      playerId: player.id,
      name: player.name,
      joinedAt: player.joinedAt,
      ...(totals.get(player.id) ?? { points: 0, totalTimeMs: 0, answered: 0 }),
    })),
    (a, b) => a.joinedAt - b.joinedAt,
  );
  return ranked.map(({ joinedAt: _joinedAt, ...entry }) => entry);
}

/** A podium entry: always ranked. */
export type PodiumEntry = LeaderboardEntry & { rank: number };

/**
 * The podium: the first three places on the stage, then up to rank 30 as a list, each labelled
 * with its shared rank (a tie for second shows two "2"s, then "4"). Unranked players (who never
 * answered) are on neither.
 */
export function podium(state: QuizState): { stage: PodiumEntry[]; list: PodiumEntry[] } {
  const ranked = leaderboard(state).filter((entry): entry is PodiumEntry => entry.rank !== null);
  const list = ranked.slice(PODIUM_STAGE_SIZE).filter((entry) => entry.rank <= PODIUM_LIST_LAST_RANK);
  return { stage: ranked.slice(0, PODIUM_STAGE_SIZE), list };
}

/** Names over 20 characters show only their first word on the podium. */
export function podiumName(name: string): string {
  return [...name].length > PODIUM_NAME_LIMIT ? (name.trim().split(/\s+/)[0] ?? name) : name;
}

/** How many players chose each option of a question. */
export function votes(state: QuizState, questionId: number): Record<number, number> {
  const question = state.questions.find((candidate) => candidate.id === questionId);
  const counts: Record<number, number> = Object.fromEntries((question?.optionIds ?? []).map((id) => [id, 0]));
  for (const answer of Object.values(state.answers[String(questionId)] ?? {})) {
    for (const optionId of answer.optionIds) counts[optionId] = (counts[optionId] ?? 0) + 1;
  }
  return counts;
}

/** The big screen's counters for the current question. */
export function questionCounters(state: QuizState): { answered: number; selecting: number } {
  const question = currentQuestion(state);
  if (!question) return { answered: 0, selecting: 0 };
  const key = String(question.id);
  return {
    answered: Object.keys(state.answers[key] ?? {}).length,
    selecting: (state.selecting[key] ?? []).length,
  };
}

/** The answers to one question, best first (faster first on equal points): the spec's per-question result. */
export function questionResult(state: QuizState, questionId: number): { name: string; points: number }[] {
  return Object.entries(state.answers[String(questionId)] ?? {})
    .map(([playerId, answer]) => ({ name: state.players[playerId]?.name ?? "?", answer }))
    .sort((a, b) => b.answer.points - a.answer.points || a.answer.elapsedMs - b.answer.elapsedMs)
    .map(({ name, answer }) => ({ name, points: answer.points }));
}
