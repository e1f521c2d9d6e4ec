/**
 * Decides a batch of commands received close together (answers, joins) in order, each against
 * the state left by the ones before it, folding them into one draft: the same events as deciding
 * and evolving them one by one, with each collection copied once per batch.
 */
import type { QuizCommand, QuizContext } from "./commands";
import { decide } from "./decide";
import type { TimedQuizEvent } from "./events";
import { QuizDraft } from "./evolve";
import type { QuizState } from "./model";

export interface BatchedCommand {
  command: QuizCommand;
  /** `now` is when the room received the command, so an answer's time is exact. */
  context: QuizContext;
}

/** Per command: its events, or why it was refused (the batch goes on with the next one). */
export type BatchOutcome = { ok: true; events: TimedQuizEvent[] } | { ok: false; error: unknown };

export interface DecidedBatch {
  state: QuizState;
  /** Every accepted command's events, in order: what the log appends. */
  events: TimedQuizEvent[];
  outcomes: BatchOutcome[];
}

export function decideBatch(state: QuizState, batch: readonly BatchedCommand[]): DecidedBatch {
  const draft = new QuizDraft(state);
  const events: TimedQuizEvent[] = [];
  const outcomes = batch.map(({ command, context }): BatchOutcome => {
    try {
      const decided = decide(command, draft.state, context);
      for (const event of decided) {
        draft.apply(event);
        events.push(event);
      }
      return { ok: true, events: decided };
    } catch (error) {
      return { ok: false, error };
    }
  });
  return { state: draft.state, events, outcomes };
}
