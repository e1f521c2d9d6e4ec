import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Seconds each slow test file took in a recorded run, by path (`npm run record:test-durations` after
 * `npm test` writes them).
 */
const RECORDED_SECONDS: Record<string, number> = JSON.parse(
  readFileSync(join(import.meta.dirname, "test-durations.json"), "utf8"),
);

/**
 * Vitest's order, but the files known to be slow first, slowest first. Vitest orders by the
 * durations in its local cache, which a fresh clone (CI) does not have: it then starts the largest
 * files first, and small files that drive a browser for 40 s (the accessibility sweeps) started
 * last, with one lane working alone at the end while the others stood idle.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    const recorded = (spec: TestSpecification) => RECORDED_SECONDS[relative(root, spec.moduleId)] ?? 0;
    // Array.prototype.sort is stable: files of equal weight keep vitest's order.
    return (await super.sort(files)).sort(
      (a, b) =>
        a.project.config.sequence.groupOrder - b.project.config.sequence.groupOrder ||
        (a.project.name === b.project.name ? recorded(b) - recorded(a) : 0),
    );
  }
}
