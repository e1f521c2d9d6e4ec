/**
 * Messages between a quiz's authority room (party/quiz-room.ts) and its relay rooms
 * (party/quiz-relay-room.ts), over one WebSocket per relay that only rooms open: clients never
 * see them (docs/scale.md, "Quiz: sharding"). A relay says from which event it needs the log,
 * sends its players' commands in numbered batches and how many players it holds; the authority
 * sends it every stored event once and one acknowledgement per batch.
 */
import * as v from "valibot";
import type { StoredEvent } from "./stored-event";

/** The role header's value of a relay's link, and the header of the key that proves it is one. */
export const QUIZ_RELAY_ROLE = "relay";
export const QUIZ_RELAY_KEY_HEADER = "x-quiz-relay-key";
/** The relay a player's socket goes to, set by the Worker from the player's token. */
export const QUIZ_RELAY_HEADER = "x-quiz-relay";

/** A relay's batch holds at most this many commands. */
export const RELAY_BATCH_MAX = 200;

const Id = v.pipe(v.number(), v.integer(), v.minValue(1));
const PlayerId = v.pipe(v.string(), v.minLength(1), v.maxLength(64));

/** One player's command, stamped with the time the relay received it. */
export const RelayCommand = v.variant("type", [
  v.object({
    type: v.literal("submit_answer"),
    playerId: PlayerId,
    at: v.number(),
    questionId: Id,
    optionIds: v.pipe(v.array(Id), v.minLength(1), v.maxLength(20)),
  }),
  v.object({
    type: v.picklist(["answer_count_in", "answer_count_out"]),
    playerId: PlayerId,
    at: v.number(),
    questionId: Id,
  }),
]);
export type RelayCommand = v.InferOutput<typeof RelayCommand>;

export const RelayBatch = v.object({
  type: v.literal("relay_batch"),
  batch: v.pipe(v.number(), v.integer(), v.minValue(1)),
  commands: v.pipe(v.array(RelayCommand), v.maxLength(RELAY_BATCH_MAX)),
  /** Sent again after a reconnection: an answer already recorded is acknowledged as accepted. */
  resent: v.optional(v.boolean()),
});
export type RelayBatch = v.InferOutput<typeof RelayBatch>;

/** Relay → authority. */
export const RelayMessage = v.variant("type", [
  /** The relay holds the log up to `after`: the authority sends the rest, then every new event. */
  v.object({ type: v.literal("relay_hello"), after: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
  RelayBatch,
  /** Players with an open socket on the relay, for the moderator's and the big screen's counters. */
  v.object({ type: v.literal("relay_connected"), count: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
]);
export type RelayMessage = v.InferOutput<typeof RelayMessage>;

/** A command's outcome: accepted, or the error code its player is told. */
export type RelayOutcome = { ok: true } | { ok: false; code: string };

/** Authority → relay. */
export type AuthorityMessage =
  /** Stored events in order; `caughtUp` ends the answer to a hello. */
  | { type: "relay_events"; events: StoredEvent[]; caughtUp?: boolean }
  | { type: "relay_ack"; batch: number; outcomes: RelayOutcome[] }
  /** The authority lost the relay's player count (it woke from hibernation): the relay says it again. */
  | { type: "relay_count" };
