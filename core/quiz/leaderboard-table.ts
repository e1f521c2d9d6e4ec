/**
 * The results page of a quiz (live quiz spec §2 quiz-results): one leaderboard for the players of
 * the live quiz and the users who answered self-paced, and every question with its votes.
 */
import type { StoredQuizQuestion } from "./public-questions";

/** A player's totals, from the live room's projection or summed from self-paced answers. */
export interface PlayerTotals {
  /** `p<id>` for a live quiz player, `user:<id>` for a self-paced user. */
  playerKey: string;
  name: string;
  photo: string | null;
  points: number;
  /** Sum of the answering times; breaks ties (faster ranks first). */
  totalTimeMs: number;
}

/** A leaderboard entry (spec §3: user {id, photo, name}, points); `user.id` is the player key. */
export interface LeaderboardRow {
  rank: number;
  user: { id: string; name: string; photo: string | null };
  points: number;
  total_time_ms: number;
}

/** A question of the results page (spec §3 Option … votes). */
export interface ResultsQuestion {
  id: number;
  question: string;
  is_survey: boolean;
  order: number;
  options: { id: number; option: string; correct: boolean; votes: number }[];
}

/** `GET /api/quiz/{presentationId}/results`. */
export interface QuizResultsView {
  leaderboard: LeaderboardRow[];
  questions: ResultsQuestion[];
}

/** `GET /api/quiz/{presentationId}/status`: what the quiz top bar shows. */
export interface QuizStatusView {
  live: boolean;
  has_questions: boolean;
  has_results: boolean;
  non_live_questions_active: boolean;
  non_live_results_active: boolean;
}

/**
 * Every player ranked by points, ties by total answering time, then by name and key so the order
 * never depends on how the rows were read. Ranks are positions: 1, 2, 3, …
 */
export function rankPlayers(players: readonly PlayerTotals[]): LeaderboardRow[] {
  return [...players]
    .sort(
      (a, b) =>
        b.points - a.points ||
        a.totalTimeMs - b.totalTimeMs ||
        a.name.localeCompare(b.name) ||
        (a.playerKey < b.playerKey ? -1 : a.playerKey > b.playerKey ? 1 : 0),
    )
    .map((player, position) => ({
      rank: position + 1,
      user: { id: player.playerKey, name: player.name, photo: player.photo },
      points: player.points,
      total_time_ms: player.totalTimeMs,
    }));
}

/** The questions with how many answers chose each option; `votes` maps option id to count. */
export function questionsWithVotes(
  questions: readonly StoredQuizQuestion[],
  votes: ReadonlyMap<number, number>,
): ResultsQuestion[] {
  return questions.map((question) => ({
    id: question.id,
    question: question.question,
    is_survey: question.is_survey,
    order: question.order,
    options: question.options.map(({ id, option, correct }) => ({
      id,
      option,
      correct: !question.is_survey && correct,
      votes: votes.get(id) ?? 0,
    })),
  }));
}

/**
 * Who may read the results and leaderboard: whoever manages the quiz, always; others once the
 * self-paced results window is open or the live quiz has ended.
 */
export function mayReadResults(access: {
  managesQuiz: boolean;
  resultsWindowOpen: boolean;
  liveQuizFinished: boolean;
}): boolean {
  return access.managesQuiz || access.resultsWindowOpen || access.liveQuizFinished;
}
