import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { TestSpecification, Vitest } from "vitest/node";
import { LongestFirstSequencer } from "../longest-first-sequencer";
import durations from "../test-durations.json";

const ROOT = "/checkout";

/** A file of `project` as vitest hands it to a sequencer, with nothing in vitest's cache. */
const spec = (project: string, path: string, groupOrder = 0) =>
  ({
    moduleId: join(ROOT, path),
    project: { name: project, config: { isolate: true, sequence: { groupOrder } } },
  }) as unknown as TestSpecification;

const noCache = {
  config: { root: ROOT },
  cache: { getFileTestResults: () => undefined, getFileStats: () => undefined },
} as unknown as Vitest;

const order = async (files: TestSpecification[]) =>
  (await new LongestFirstSequencer(noCache).sort(files)).map((file) => `${file.project.name}:${file.moduleId}`);

describe("the longest-first order of test files", () => {
  it("starts a project's slowest recorded files first and the unrecorded ones after, in a fresh clone", async () => {
    const [slowest, slower] = Object.keys(durations).filter((path) => path.startsWith("tests/e2e/"));
    if (!slowest || !slower) throw new Error("no e2e file recorded");
    const files = [spec("e2e", "tests/e2e/unrecorded.test.ts", 1), spec("e2e", slower, 1), spec("e2e", slowest, 1)];
    expect(await order(files)).toEqual([
      `e2e:${join(ROOT, slowest)}`,
      `e2e:${join(ROOT, slower)}`,
      `e2e:${join(ROOT, "tests/e2e/unrecorded.test.ts")}`,
    ]);
  });

  it("keeps the projects' own order: a slow e2e file never goes before the integration files", async () => {
    const [slowE2e] = Object.keys(durations).filter((path) => path.startsWith("tests/e2e/"));
    if (!slowE2e) throw new Error("no e2e file recorded");
    const files = [
      spec("e2e", slowE2e, 1),
      spec("unit", "tests/unit/a.test.ts"),
      spec("integration", "tests/integration/b.test.ts"),
    ];
    expect(await order(files)).toEqual([
      `integration:${join(ROOT, "tests/integration/b.test.ts")}`,
      `unit:${join(ROOT, "tests/unit/a.test.ts")}`,
      `e2e:${join(ROOT, slowE2e)}`,
    ]);
  });
});
