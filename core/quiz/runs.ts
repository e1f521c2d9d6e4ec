/**
 * A quiz room's log holds every run of its quiz: a rehearsal, then the live run, each begun by a
 * moderator's `reset_quiz` (a `quiz_reset` event). Ops export one run at a time; each run,
 * replayed on its own from the initial state, gives that run's leaderboard.
 */

/** The runs of a log, in order: run 1 is `runs[0]`. A `quiz_reset` event begins the next run. */
export function splitRuns<T extends { type: string }>(events: readonly T[]): T[][] {
  const runs: T[][] = [[]];
  for (const event of events) {
    if (event.type === "quiz_reset") runs.push([]);
    else runs[runs.length - 1]?.push(event);
  }
  return runs;
}
