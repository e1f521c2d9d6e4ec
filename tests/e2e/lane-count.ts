/**
 * How many e2e files run at once, each against an app of its own (E2E_LANES, 3 by default).
 * Since the tests run in Chromium's headless shell with reduced motion, two lanes left the two
 * cores idle a third of the time (pages waiting on sockets, the processor, timers); a third
 * lane fills them: the e2e phase 361 → 303 s on this 2-core machine (docs/benchmarks.md).
 */
export const E2E_LANES = Math.max(1, Number(process.env.E2E_LANES ?? 3));
