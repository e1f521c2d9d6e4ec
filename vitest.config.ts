import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";
import { E2E_LANES } from "./tests/e2e/lane-count";
import { LongestFirstSequencer } from "./tests/longest-first-sequencer";
import { CORE_ALIAS } from "./vite.config";

/**
 * Files of the unit and integration projects running at once. Vitest would take one on a
 * 2-core machine (cores − 1), but these files mostly wait (a workerd started per integration
 * file, sockets, LibreOffice and ffmpeg in the processor's tests): two left the cores 20–25 %
 * idle, three keep them busy (unit and integration 246 → 221 s, docs/benchmarks.md).
 */
const WORKERS = Math.max(1, Number(process.env.TEST_WORKERS ?? 3));

/** The quiz protocol's tests that also run with the live quiz sharded over relay rooms. */
const SHARDED_QUIZ_TESTS = ["tests/integration/quiz.test.ts", "tests/integration/quiz-rerun.test.ts"];

/** A project of integration tests in workerd, with the test bindings and `bindings` on top. */
function integrationProject(
  name: string,
  include: string[],
  migrations: Awaited<ReturnType<typeof readD1Migrations>>,
  bindings: Record<string, string> = {},
) {
  return {
    resolve: { alias: CORE_ALIAS },
    plugins: [
      cloudflareTest({
        wrangler: { configPath: "./wrangler.toml" },
        miniflare: {
          // The real migrations, applied by tests/integration/setup.ts, test secrets, and
          // development (wrangler.toml describes production): the tests read the dev mailbox.
          bindings: {
            TEST_MIGRATIONS: migrations,
            ADMIN_TOKEN: "test-admin-token",
            JWT_SECRET: "test-jwt-secret",
            ENVIRONMENT: "development",
            PUBLIC_URL: "http://localhost",
            // Small tus parts keep upload tests fast; R2 wants at least 5 MiB per part but the last.
            UPLOAD_PART_BYTES: "5242880",
            PROCESSOR_TOKEN: "test-processor-token",
            ...bindings,
          },
        },
      }),
    ],
    test: {
      name,
      include,
      // Room tests wait for sockets; a loaded 2-core CI machine needs more than the 5 s default.
      testTimeout: 30_000,
      // A file's world (events imported, accounts signed up) is built in beforeAll.
      hookTimeout: 60_000,
      maxWorkers: WORKERS,
      setupFiles: ["tests/integration/setup.ts"],
    },
  };
}

export default defineConfig(async () => {
  const migrations = await readD1Migrations("migrations");
  return {
    test: {
      // The slowest files start first, in a fresh clone too (tests/longest-first-sequencer.ts).
      sequence: { sequencer: LongestFirstSequencer },
      projects: [
        {
          resolve: { alias: CORE_ALIAS },
          test: { name: "unit", environment: "node", include: ["tests/unit/**/*.test.ts"], maxWorkers: WORKERS },
        },
        integrationProject("integration", ["tests/integration/**/*.test.ts"], migrations),
        // The quiz protocol's tests again with the live quiz sharded: two players per relay room,
        // so the moderator and the big screen stay on the quiz's room and players spread over
        // many relays (docs/scale.md, "Quiz: sharding").
        integrationProject("integration-sharded", SHARDED_QUIZ_TESTS, migrations, { QUIZ_RELAY_PLAYERS: "2" }),
        {
          resolve: { alias: CORE_ALIAS },
          test: {
            name: "e2e",
            environment: "node",
            include: ["tests/e2e/**/*.test.ts"],
            globalSetup: ["tests/e2e/global-setup.ts"],
            testTimeout: 60_000,
            hookTimeout: 120_000,
            // A lane per file running at once, each with an app of its own (tests/e2e/lanes.ts).
            maxWorkers: E2E_LANES,
            // After unit and integration when one run takes every project (their maxWorkers differ).
            sequence: { groupOrder: 1 },
          },
        },
      ],
    },
  };
});
