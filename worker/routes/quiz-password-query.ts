import * as v from "valibot";

/**
 * `?password=`: the event's password, which every quiz call of a protected event gives, signed-in
 * or not, as the forum's do (worker/rooms/quiz-access.ts `openQuiz`).
 */
export const QuizPasswordQuery = v.object({ password: v.optional(v.pipe(v.string(), v.maxLength(200))) });
