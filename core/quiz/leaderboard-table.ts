/**
 * The results page of a quiz (live quiz spec §2 quiz-results): one leaderboard for the players of
 * the live quiz and the users who answered self-paced, and every question with its votes.
 */
import type { StoredQuizQuestion } from "./public-questions";
import type { QuizEntryFacts } from "./quiz-entry";
import { rankStandings } from "./ranking";

/** A player's totals, from the live room's projection or summed from self-paced answers. */
export interface PlayerTotals {
  /** `p<id>` for a live quiz player, `user:<id>` for a self-paced user. */
  playerKey: string;
  name: string;
  photo: string | null;
  points: number;
  /** Sum of the answering times; breaks ties (faster ranks first). */
  totalTimeMs: number;
  /** Questions answered: a player who answered none has no rank. */
  answered: number;
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
  /** How many players answered it; `votes` counts the options they chose (several each on a multi-answer question). */
  players: number;
  options: { id: number; option: string; correct: boolean; votes: number }[];
}

/** `GET /api/quiz/{presentationId}/results`. */
export interface QuizResultsView {
  leaderboard: LeaderboardRow[];
  questions: ResultsQuestion[];
}

/**
 * `GET /api/quiz/{presentationId}/status`: what the quiz entries read (quiz-entry.ts), public like
 * the questions' words: whether the talk has questions, results, a live run and when its
 * self-paced questions open, never an answer or a score.
 */
export interface QuizStatusView extends QuizEntryFacts {
  has_results: boolean;
}

/**
 * The players who answered something, ranked by the one rule of ranking.ts (shared ranks: 1, 2,
 * 2, 4); players who share a rank are listed by name, then key, so the order never depends on how
 * the rows were read.
 */
export function rankPlayers(players: readonly PlayerTotals[]): LeaderboardRow[] {
  return rankStandings(
    players,
    (a, b) => a.name.localeCompare(b.name) || (a.playerKey < b.playerKey ? -1 : a.playerKey > b.playerKey ? 1 : 0),
  ).flatMap((player) =>
    player.rank === null
      ? []
      : [
          {
            rank: player.rank,
            user: { id: player.playerKey, name: player.name, photo: player.photo },
            points: player.points,
            total_time_ms: player.totalTimeMs,
          },
        ],
  );
}

/** The questions with how many answers chose each option; `votes` maps option id to count. */
export function questionsWithVotes(
  questions: readonly StoredQuizQuestion[],
  votes: ReadonlyMap<number, number>,
  players: ReadonlyMap<number, number>,
): ResultsQuestion[] {
  return questions.map((question) => ({
    id: question.id,
    question: question.question,
    is_survey: question.is_survey,
    order: question.order,
    players: players.get(question.id) ?? 0,
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
