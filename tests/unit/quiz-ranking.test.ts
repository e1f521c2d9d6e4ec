import type { QuizCommand, QuizContext } from "@core/quiz/commands";
import { decide } from "@core/quiz/decide";
import { evolve } from "@core/quiz/evolve";
import { rankPlayers } from "@core/quiz/leaderboard-table";
import { initialQuizState, type QuizQuestion, type QuizState } from "@core/quiz/model";
import { playerView, revealedState } from "@core/quiz/player-view";
import { rankStandings } from "@core/quiz/ranking";
import { leaderboard, podium } from "@core/quiz/selectors";
import { describe, expect, it } from "vitest";

const QUESTIONS: QuizQuestion[] = [
  { id: 1, isSurvey: false, optionIds: [11, 12], correctOptionIds: [12], limitMs: 20_000 },
  { id: 2, isSurvey: false, optionIds: [21, 22], correctOptionIds: [21], limitMs: 20_000 },
];

const moderator: QuizContext = { now: 0, actor: { role: "moderator" } };

/** Given players who join, a started quiz and answers `[playerId, optionId, at]` to question 1. */
function given(players: string[], answers: [string, number, number][]): QuizState {
  const steps: [QuizCommand, QuizContext][] = [
    ...players.map((id, index): [QuizCommand, QuizContext] => [
      { type: "add_player", data: { playerId: id, name: id } },
      { now: index, actor: { role: "system" } },
    ]),
    [
      { type: "start_quiz", data: { questions: QUESTIONS } },
      { ...moderator, now: 1_000 },
    ],
    ...answers.map(([id, option, at]): [QuizCommand, QuizContext] => [
      { type: "submit_answer", data: { questionId: 1, optionIds: [option] } },
      { now: at, actor: { role: "player", playerId: id } },
    ]),
    [{ type: "show_podium" }, { ...moderator, now: 30_000 }],
  ];
  let state = initialQuizState;
  for (const [command, context] of steps)
    for (const event of decide(command, state, context)) state = evolve(state, event);
  return state;
}

const ranks = (state: QuizState) => leaderboard(state).map((entry) => [entry.playerId, entry.rank]);

describe("the ranking rule", () => {
  it("given equal points and equal time, when ranked, then they share a rank and the next one skips (1, 2, 2, 4)", () => {
    const ranked = rankStandings(
      [
        { id: "d", points: 100, totalTimeMs: 9_000, answered: 1 },
        { id: "b", points: 500, totalTimeMs: 4_000, answered: 1 },
        { id: "a", points: 900, totalTimeMs: 1_000, answered: 1 },
        { id: "c", points: 500, totalTimeMs: 4_000, answered: 1 },
      ],
      (x, y) => x.id.localeCompare(y.id),
    );
    expect(ranked.map((entry) => [entry.id, entry.rank])).toEqual([
      ["a", 1],
      ["b", 2],
      ["c", 2],
      ["d", 4],
    ]);
  });

  it("given equal points, when one answered faster, then the faster ranks first", () => {
    const ranked = rankStandings(
      [
        { id: "slow", points: 500, totalTimeMs: 4_001, answered: 1 },
        { id: "fast", points: 500, totalTimeMs: 4_000, answered: 1 },
      ],
      () => 0,
    );
    expect(ranked.map((entry) => [entry.id, entry.rank])).toEqual([
      ["fast", 1],
      ["slow", 2],
    ]);
  });

  it("given a player who never answered, when the quiz ends, then they have no rank, come after a player who answered wrong, and are on no podium", () => {
    const state = given(
      ["idle", "wrong", "right"],
      [
        ["right", 12, 3_000],
        ["wrong", 11, 2_000],
      ],
    );
    expect(ranks(state)).toEqual([
      ["right", 1],
      ["wrong", 2],
      ["idle", null],
    ]);
    const { stage, list } = podium(state);
    expect(stage.map((entry) => [entry.playerId, entry.rank])).toEqual([
      ["right", 1],
      ["wrong", 2],
    ]);
    expect(list).toEqual([]);
  });

  it("given a tie for second, when the podium is shown, then both second steps are labelled 2 and the next rank is 4", () => {
    // Both wrong answers score 0 points; both took 2 s: a true tie.
    const state = given(
      ["a", "b", "c", "d"],
      [
        ["a", 12, 2_000],
        ["b", 11, 3_000],
        ["c", 11, 3_000],
        ["d", 11, 5_000],
      ],
    );
    const { stage, list } = podium(state);
    expect(stage.map((entry) => entry.rank)).toEqual([1, 2, 2]);
    expect(list.map((entry) => [entry.playerId, entry.rank])).toEqual([["d", 4]]);
  });

  it("given any player, then their own view shows the rank the leaderboard gives them (null for one who never answered)", () => {
    const state = given(
      ["idle", "b", "a"],
      [
        ["a", 12, 2_000],
        ["b", 12, 2_000],
      ],
    );
    const ranking = new Map(leaderboard(revealedState(state)).map((entry) => [entry.playerId, entry]));
    for (const entry of leaderboard(state)) {
      expect(playerView(state, entry.playerId, 30_000, ranking).rank).toBe(entry.rank);
    }
    expect(playerView(state, "idle", 30_000, ranking).rank).toBeNull();
    expect(ranks(state)).toEqual([
      ["b", 1],
      ["a", 1],
      ["idle", null],
    ]);
  });

  it("given the same totals, then the results page ranks players as the live leaderboard does, and lists no one who never answered", () => {
    const rows = rankPlayers([
      { playerKey: "p1", name: "Ana", photo: null, points: 500, totalTimeMs: 4_000, answered: 1 },
      { playerKey: "p2", name: "Bob", photo: null, points: 500, totalTimeMs: 4_000, answered: 1 },
      { playerKey: "p3", name: "Cy", photo: null, points: 0, totalTimeMs: 0, answered: 0 },
      { playerKey: "user:4", name: "Dee", photo: null, points: 100, totalTimeMs: 1_000, answered: 1 },
    ]);
    expect(rows.map((row) => [row.user.name, row.rank])).toEqual([
      ["Ana", 1],
      ["Bob", 1],
      ["Dee", 3],
    ]);
  });
});
