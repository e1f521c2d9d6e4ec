/**
 * What the quiz room does after a batch of events besides telling the watchers (fan-out.ts):
 * which events refresh every player's own view, and which projections of the state other pages
 * read (quiz status, leaderboard, per-question answers) are written. Pure, so the session only
 * carries it out.
 */
import { currentQuestion, type QuizState } from "./model";

/** Events that change what players see; answers and counters do not. */
const PLAYER_VISIBLE = new Set([
  "quiz_started",
  "question_shown",
  "timer_started",
  "timer_stopped",
  "timer_ended",
  "result_shown",
  "result_hidden",
  "podium_shown",
  "podium_left",
  "final_shown",
  "quiz_reset",
]);

export interface RoomEffects {
  playerViews: boolean;
  /** The quiz's status in the database, when it changed. */
  status: "running" | "finished" | null;
  leaderboard: boolean;
  /** Questions whose answers are written for the results page and export. */
  answersOf: number[];
}

export function roomEffects(types: ReadonlySet<string>, state: QuizState): RoomEffects {
  const revealed = types.has("result_shown") || types.has("podium_shown") || types.has("final_shown");
  // At the final every question's answers, else the shown one's; writing again is harmless.
  const questions = types.has("final_shown") ? state.questions : [currentQuestion(state)];
  return {
    playerViews: [...types].some((type) => PLAYER_VISIBLE.has(type)),
    status: types.has("final_shown") ? "finished" : types.has("quiz_started") ? "running" : null,
    leaderboard: revealed,
    answersOf: revealed ? questions.flatMap((question) => (question ? [question.id] : [])) : [],
  };
}
