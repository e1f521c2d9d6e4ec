/**
 * A quiz of 5,000 live players and 5,000 self-paced users: the room's projections are written in
 * a few statements, and the leaderboard, results and export read them whole.
 */
import { env, SELF } from "cloudflare:test";
import type { LeaderboardEntry } from "@core/quiz/selectors";
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../worker/db/client";
import { saveLeaderboard } from "../../worker/db/queries/quiz";
import { saveLiveAnswers } from "../../worker/db/queries/quiz-results";
import { call } from "./account-client";
import { CAPITAL_QUESTION, putQuestions, quizEvent } from "./self-paced-client";

const PLAYERS = 5_000;

let quiz: Awaited<ReturnType<typeof quizEvent>>;
let id: number;
let question: { id: number; options: { id: number }[] };

beforeAll(async () => {
  quiz = await quizEvent("quiz-scale");
  id = quiz.presentationIds[0] as number;
  const [saved] = await putQuestions(quiz.moderator, id, [CAPITAL_QUESTION]);
  if (!saved) throw new Error("question not saved");
  question = saved;
}, 60_000);

describe("a quiz of 5,000 players on each side", () => {
  it("projects the live room's leaderboard and answers of 5,000 players", async () => {
    const [paris] = question.options.map((option) => option.id) as [number];
    const entries: LeaderboardEntry[] = Array.from({ length: PLAYERS }, (_, index) => ({
      playerId: `p${index + 1}`,
      name: `Player ${index + 1}`,
      points: 1000 - (index % 500),
      totalTimeMs: index,
      answered: 1,
      rank: index + 1,
    }));
    const db = openDatabase(env.DB);
    await saveLeaderboard(db, id, entries);
    // The room writes at each show_result and at the final: the leaderboard is replaced, the
    // answers already stored are kept, nothing doubles.
    await saveLeaderboard(db, id, entries);
    const answers = entries.map((entry) => ({
      playerKey: entry.playerId,
      questionId: question.id,
      optionIds: [paris],
      elapsedMs: entry.totalTimeMs,
      correct: true,
      points: entry.points,
    }));
    await saveLiveAnswers(db, id, answers);
    await saveLiveAnswers(db, id, answers);
    const stored = await env.DB.prepare(
      "select (select count(*) from quiz_results where presentation_id = ?1) as results, (select count(*) from quiz_answers where presentation_id = ?1) as answers",
    )
      .bind(id)
      .first<{ results: number; answers: number }>();
    expect(stored).toEqual({ results: PLAYERS, answers: PLAYERS });
  }, 60_000);

  it("merges 5,000 self-paced users into one leaderboard, with their votes and export", async () => {
    // Users and their answers are written straight to D1: signing up 5,000 users is not the point.
    const [, lyon] = question.options.map((option) => option.id) as [number, number];
    await env.DB.batch([
      env.DB.prepare(`
        with recursive n(i) as (select 1 union all select i + 1 from n where i < ?1)
        insert into users (email, name, password_hash) select 'scale-' || i || '@example.org', 'User ' || i, 'x' from n`).bind(
        PLAYERS,
      ),
      env.DB.prepare(`
        insert into quiz_answers (presentation_id, question_id, player_key, option_ids, elapsed_ms, correct, points, mode)
        select ?1, ?2, 'user:' || id, json_array(?3), 30000, 0, 0, 'self' from users where email like 'scale-%'`).bind(
        id,
        question.id,
        lyon,
      ),
    ]);

    const started = Date.now();
    const results = await call("GET", `/api/quiz/${id}/results`, { token: quiz.moderator });
    const leaderboard = await call("GET", `/api/quiz/${id}/leaderboard`, { token: quiz.moderator });
    const csv = await SELF.fetch(`http://localhost/api/quiz/${id}/results.csv`, {
      headers: { authorization: `Bearer ${quiz.moderator}` },
    });
    const csvLines = (await csv.text()).trimEnd().split("\r\n");
    const elapsed = Date.now() - started;

    expect(results.status).toBe(200);
    expect(results.body.data.leaderboard).toHaveLength(2 * PLAYERS);
    expect(results.body.data.leaderboard[0]).toMatchObject({ rank: 1, user: { id: "p1" }, points: 1000 });
    // The self-paced users all answered wrong in 30 s: one shared rank, right after the live players.
    expect(results.body.data.leaderboard.at(-1)).toMatchObject({ rank: PLAYERS + 1, points: 0 });
    expect(results.body.data.questions[0].options.map((option: { votes: number }) => option.votes)).toEqual([
      PLAYERS,
      PLAYERS,
    ]);
    expect(leaderboard.body.data.leaderboard).toEqual(results.body.data.leaderboard);
    expect(csv.status).toBe(200);
    expect(csvLines).toHaveLength(1 + 2 * PLAYERS);
    // Three reads of 10,000 players each, on a shared test machine: seconds, not minutes.
    expect(elapsed).toBeLessThan(20_000);
  }, 60_000);
});
