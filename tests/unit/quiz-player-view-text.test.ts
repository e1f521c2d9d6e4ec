import { QuizServerMessageSchema } from "@core/protocol/quiz";
import type { QuizCommand, QuizContext } from "@core/quiz/commands";
import { decide } from "@core/quiz/decide";
import { evolve } from "@core/quiz/evolve";
import { initialQuizState, type QuizQuestion, type QuizState } from "@core/quiz/model";
import { playerView, playerViewTexts, revealedState } from "@core/quiz/player-view";
import { leaderboard } from "@core/quiz/selectors";
import * as v from "valibot";
import { describe, expect, it } from "vitest";

const QUESTIONS: QuizQuestion[] = [
  { id: 1, isSurvey: false, optionIds: [11, 12], correctOptionIds: [12], limitMs: 20_000 },
  { id: 2, isSurvey: true, optionIds: [21, 22, 23], correctOptionIds: [], limitMs: 10_000 },
];

const moderator = (now: number): QuizContext => ({ now, actor: { role: "moderator" } });
const player = (playerId: string, now: number): QuizContext => ({ now, actor: { role: "player", playerId } });

/** Every state a quiz goes through with three players, one of whom never answers. */
function statesOfAQuiz(): QuizState[] {
  const steps: [QuizCommand, QuizContext][] = [
    [
      { type: "add_player", data: { playerId: "ana", name: "Ana" } },
      { now: 0, actor: { role: "system" } },
    ],
    [
      { type: "add_player", data: { playerId: "bo", name: 'Bo "the" <b>' } },
      { now: 1, actor: { role: "system" } },
    ],
    [
      { type: "add_player", data: { playerId: "cy", name: "Cy" } },
      { now: 2, actor: { role: "system" } },
    ],
    [{ type: "start_quiz", data: { questions: QUESTIONS } }, moderator(1_000)],
    [{ type: "submit_answer", data: { questionId: 1, optionIds: [12] } }, player("ana", 2_000)],
    [{ type: "submit_answer", data: { questionId: 1, optionIds: [11] } }, player("bo", 3_000)],
    [{ type: "timer_stop" }, moderator(4_000)],
    [{ type: "timer_start" }, moderator(5_000)],
    [{ type: "show_result" }, moderator(6_000)],
    [{ type: "next_question" }, moderator(7_000)],
    [{ type: "submit_answer", data: { questionId: 2, optionIds: [21, 23] } }, player("bo", 8_000)],
    [{ type: "show_podium" }, moderator(9_000)],
    [{ type: "final" }, moderator(10_000)],
  ];
  const states = [initialQuizState];
  let state = initialQuizState;
  for (const [command, context] of steps) {
    for (const event of decide(command, state, context)) state = evolve(state, event);
    states.push(state);
  }
  return states;
}

describe("every player's view sent at once", () => {
  it("is, for each player in every phase, exactly the text of their own view, and a valid message", () => {
    for (const state of statesOfAQuiz()) {
      const ranking = new Map(leaderboard(revealedState(state)).map((entry) => [entry.playerId, entry]));
      const textOf = playerViewTexts(state, 4_500, ranking);
      // "nobody" left (or never joined): their view says so.
      for (const playerId of ["ana", "bo", "cy", "nobody"]) {
        const view = playerView(state, playerId, 4_500, ranking);
        const text = textOf(playerId);
        expect(text).toBe(JSON.stringify({ type: "player_view", view }));
        expect(v.safeParse(QuizServerMessageSchema, JSON.parse(text)).success).toBe(true);
      }
    }
  });

  it("gives players with the same standing and no answer on screen the same text, and every other player their own", () => {
    // Ana and Bo answer question 1 alike (same points, same time: a shared rank); Cy and Dee never answer.
    const steps: [QuizCommand, QuizContext][] = [
      ...["ana", "bo", "cy", "dee"].map((id, index): [QuizCommand, QuizContext] => [
        { type: "add_player", data: { playerId: id, name: id } },
        { now: index, actor: { role: "system" } },
      ]),
      [{ type: "start_quiz", data: { questions: QUESTIONS } }, moderator(1_000)],
      [{ type: "submit_answer", data: { questionId: 1, optionIds: [12] } }, player("ana", 2_000)],
      [{ type: "submit_answer", data: { questionId: 1, optionIds: [12] } }, player("bo", 2_000)],
      [{ type: "show_result" }, moderator(3_000)],
      [{ type: "next_question" }, moderator(4_000)],
      // On question 2 only Ana has answered: her text says so, Bo's (same standing) does not.
      [{ type: "submit_answer", data: { questionId: 2, optionIds: [21] } }, player("ana", 5_000)],
    ];
    let state = initialQuizState;
    for (const [command, context] of steps) {
      for (const event of decide(command, state, context)) state = evolve(state, event);
    }
    const ranking = new Map(leaderboard(revealedState(state)).map((entry) => [entry.playerId, entry]));
    const textOf = playerViewTexts(state, 5_500, ranking);
    const texts = new Map(["bo", "ana", "cy", "dee"].map((id) => [id, textOf(id)]));
    for (const [id, text] of texts) {
      expect(text).toBe(JSON.stringify({ type: "player_view", view: playerView(state, id, 5_500, ranking) }));
    }
    expect(ranking.get("ana")?.rank).toBe(ranking.get("bo")?.rank);
    expect(texts.get("ana")).not.toBe(texts.get("bo"));
    expect(texts.get("cy")).toBe(texts.get("dee"));
    expect(texts.get("bo")).not.toBe(texts.get("cy"));
  });
});
