/**
 * What one player sees of the quiz: the current question without its answer until results are
 * shown, their own answer, points and rank. Never other players' answers.
 */
import type { PlayerView } from "../protocol/quiz";
import { currentQuestion, type QuizState, timerRemainingMs } from "./model";
import type { LeaderboardEntry } from "./selectors";

/** The spec's quiz action implied by the state: what the moderator did last. */
export function lastAction(state: QuizState): string {
  switch (state.phase) {
    case "lobby":
      return "waiting";
    case "answering":
      return "timer_start";
    case "paused":
      return "timer_stop";
    case "closed":
      return state.resultVisible ? "show_result" : "timer_end";
    case "podium":
      return "show_podium";
    case "final":
      return "final";
  }
}

/**
 * The state as players may know it: the current question's answers count only once its results
 * are shown, so a player's total does not give the answer away early.
 */
export function revealedState(state: QuizState): QuizState {
  const question = currentQuestion(state);
  if (!question || state.resultVisible || state.phase === "podium" || state.phase === "final") return state;
  const { [String(question.id)]: _hidden, ...answers } = state.answers;
  return { ...state, answers };
}

/** The part of a player's view every player shares: the phase and the question on screen. */
function sharedView(
  state: QuizState,
  now: number,
): Pick<PlayerView, "phase" | "action" | "questionIndex" | "question"> {
  const question = currentQuestion(state);
  return {
    phase: state.phase,
    action: lastAction(state),
    questionIndex: state.questionIndex,
    question: question
      ? {
          id: question.id,
          index: state.questionIndex,
          count: state.questions.length,
          optionIds: question.optionIds,
          isSurvey: question.isSurvey,
          limitMs: question.limitMs,
          remainingMs: timerRemainingMs(state, now),
          correctOptionIds: state.resultVisible ? question.correctOptionIds : null,
        }
      : null,
  };
}

/** The part of a player's view that is theirs: their answer, points and rank. */
function ownView(
  state: QuizState,
  playerId: string,
  ranking: ReadonlyMap<string, LeaderboardEntry>,
): Pick<PlayerView, "myAnswer" | "points" | "rank" | "joined"> {
  const question = currentQuestion(state);
  const answer = question ? state.answers[String(question.id)]?.[playerId] : undefined;
  const standing = ranking.get(playerId);
  return {
    // Right or wrong is told once the results are shown, not at submission.
    myAnswer: answer
      ? {
          optionIds: answer.optionIds,
          correct: state.resultVisible ? answer.correct : null,
          points: state.resultVisible ? answer.points : 0,
        }
      : null,
    points: standing?.points ?? 0,
    rank: standing?.rank ?? null,
    joined: playerId in state.players,
  };
}

/** `ranking` is the leaderboard of {@link revealedState}, by player id. */
export function playerView(
  state: QuizState,
  playerId: string,
  now: number,
  ranking: ReadonlyMap<string, LeaderboardEntry>,
): PlayerView {
  return { ...sharedView(state, now), ...ownView(state, playerId, ranking) };
}

/**
 * The `player_view` message of each player, as the text sent, when every player is sent theirs
 * at once (a question shown, results shown…): the shared part is serialized once for all, and
 * each player's own part appended, instead of serializing the question 5,000 times. Players
 * without an answer to the question on screen whose points and rank are the same (everyone at
 * the first question, every player who has not answered yet) get the very same text, made once:
 * at 5,000 players the first question then allocates one text instead of 5,000, which keeps the
 * room's first broadcast from also paying for a garbage collection (docs/benchmarks.md). The
 * text is exactly `JSON.stringify({ type: "player_view", view: playerView(…) })`.
 */
export function playerViewTexts(
  state: QuizState,
  now: number,
  ranking: ReadonlyMap<string, LeaderboardEntry>,
): (playerId: string) => string {
  const shared = JSON.stringify({ type: "player_view", view: sharedView(state, now) });
  // Without the closing braces of the view and the message; each player's part goes in between.
  const head = shared.slice(0, -2);
  const textOf = (playerId: string) => `${head},${JSON.stringify(ownView(state, playerId, ranking)).slice(1)}}`;
  const question = currentQuestion(state);
  const answers = question ? state.answers[String(question.id)] : undefined;
  /** Texts of joined players with no answer on screen, by points, then rank (null: unranked). */
  const unanswered = new Map<number, Map<number | null, string>>();
  return (playerId) => {
    if (answers?.[playerId] || !(playerId in state.players)) return textOf(playerId);
    const standing = ranking.get(playerId);
    const points = standing?.points ?? 0;
    const rank = standing?.rank ?? null;
    let byRank = unanswered.get(points);
    if (!byRank) {
      byRank = new Map();
      unanswered.set(points, byRank);
    }
    let text = byRank.get(rank);
    if (text === undefined) {
      text = textOf(playerId);
      byRank.set(rank, text);
    }
    return text;
  };
}
