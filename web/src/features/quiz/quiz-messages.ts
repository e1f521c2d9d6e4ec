import * as v from "valibot";
import type { PlayerView } from "../../../../core/protocol/quiz";
import type { QuizState } from "../../../../core/quiz/model";
import { parseRoomFrame } from "../../lib/party-socket";

const Id = v.number();
const Phase = v.picklist(["lobby", "answering", "paused", "closed", "podium", "final"]);

/**
 * A watcher's state (core/protocol/quiz.ts `WatchedQuizState`) as the kernel's `QuizState`: what
 * the big screen is not told yet (correct options, chosen options) reads as none.
 */
const QuizStateSchema: v.GenericSchema<unknown, QuizState> = v.object({
  phase: Phase,
  questions: v.array(
    v.object({
      id: Id,
      isSurvey: v.boolean(),
      optionIds: v.array(Id),
      correctOptionIds: v.optional(v.array(Id), []),
      limitMs: v.number(),
    }),
  ),
  questionIndex: v.number(),
  resultVisible: v.boolean(),
  timerStartedAt: v.nullable(v.number()),
  timerSpentMs: v.number(),
  players: v.record(v.string(), v.object({ id: v.string(), name: v.string(), joinedAt: v.number() })),
  answers: v.record(
    v.string(),
    v.record(
      v.string(),
      v.object({
        optionIds: v.optional(v.array(Id), []),
        elapsedMs: v.number(),
        correct: v.optional(v.nullable(v.boolean()), null),
        points: v.number(),
      }),
    ),
  ),
  selecting: v.record(v.string(), v.array(v.string())),
});

const PlayerViewSchema: v.GenericSchema<PlayerView> = v.object({
  phase: Phase,
  action: v.string(),
  questionIndex: v.number(),
  question: v.nullable(
    v.object({
      id: Id,
      index: v.number(),
      count: v.number(),
      optionIds: v.array(Id),
      isSurvey: v.boolean(),
      limitMs: v.number(),
      remainingMs: v.number(),
      correctOptionIds: v.nullable(v.array(Id)),
    }),
  ),
  myAnswer: v.nullable(v.object({ optionIds: v.array(Id), correct: v.nullable(v.boolean()), points: v.number() })),
  points: v.number(),
  rank: v.nullable(v.number()),
});

/** What the quiz room sends (core/protocol/quiz.ts `QuizServerMessage`), checked on arrival. */
export const QuizServerMessageSchema = v.variant("type", [
  v.object({
    type: v.literal("snapshot"),
    seq: v.number(),
    state: QuizStateSchema,
    connected: v.number(),
    now: v.number(),
  }),
  v.object({
    type: v.literal("events"),
    after: v.number(),
    through: v.number(),
    // Each event's `data` is read by `evolve`, which ignores kinds it does not know.
    events: v.array(v.object({ seq: v.number(), at: v.number(), type: v.string(), data: v.unknown() })),
  }),
  v.object({
    type: v.literal("counters"),
    connected: v.number(),
    answered: v.number(),
    selecting: v.number(),
    players: v.number(),
  }),
  v.object({ type: v.literal("player_view"), view: PlayerViewSchema }),
  v.object({ type: v.literal("answer_ack"), requestId: v.optional(v.string()), questionId: v.number() }),
  v.object({ type: v.literal("error"), code: v.string(), requestId: v.optional(v.string()) }),
]);
export type QuizServerMessage = v.InferOutput<typeof QuizServerMessageSchema>;

/** A frame of the room as a checked message, or null for anything else. */
export function parseQuizMessage(data: unknown): QuizServerMessage | null {
  return parseRoomFrame(QuizServerMessageSchema, data);
}
