/**
 * How many e2e files run at once, each against an app of its own (E2E_LANES, 2 by default: on
 * a 2-core machine the browsers and servers of a third lane only wait for the CPU).
 */
export const E2E_LANES = Math.max(1, Number(process.env.E2E_LANES ?? 2));
