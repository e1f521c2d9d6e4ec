// npx tsx processor/check-sandbox.ts: whether this machine's processor sandbox holds (docs/processor.md).
import { nodeStepDeps } from "./node-deps";
import { sandboxProblems } from "./sandbox-check";

const problems = await sandboxProblems(nodeStepDeps().run);
if (problems.length > 0) {
  console.error(`The processor's sandbox does not hold:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log("The processor's sandbox holds: no network, no file but the step's own.");
