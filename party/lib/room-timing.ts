/**
 * Benchmarks only (`QUIZ_ROOM_TIMINGS=1`, set by `npm run bench:quiz`): a quiz room logs how long
 * its thread spent on each frame it handled, by the sender's role, as one line
 * `quiz-room-timing <room> <role> <ms>` that the benchmark reads from the runtime's output. In
 * local workerd the clock advances during a handler; deployed, it would not, and the setting is
 * never set there.
 */
export function timeFrame(enabled: boolean, room: string, role: string | undefined, work: () => void) {
  if (!enabled) {
    work();
    return;
  }
  const started = performance.now();
  try {
    work();
  } finally {
    console.log(`quiz-room-timing ${room} ${role ?? "unknown"} ${(performance.now() - started).toFixed(3)}`);
  }
}
