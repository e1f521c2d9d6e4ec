import { inject } from "vitest";

/**
 * The app this test file runs against: its lane's. Vitest gives each file running at once its
 * own VITEST_POOL_ID between 1 and the project's maxWorkers (E2E_LANES), so two files running
 * together never share an app, and the demo data a file changes is never read by another
 * file while it runs.
 */
export function laneBaseUrl(): string {
  const lane = Number(process.env.VITEST_POOL_ID ?? 1);
  const url = inject("baseUrls")[lane - 1];
  if (!url) throw new Error(`No app for e2e lane ${lane}`);
  return url;
}
