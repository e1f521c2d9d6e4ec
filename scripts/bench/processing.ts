// npm run bench:processing — the media processor measured (docs/benchmarks.md):
// 1. a generated 30-slide pptx → PDF + page thumbnails (target ≤ 30 s);
// 2. four such conversions at once, all succeeding;
// 3. a generated 10-minute 720p talk (MKV, with that deck) end to end through a local Worker and
//    one processor: queued, leased, downloaded, processed, uploaded, completed;
// 4. chaos: the processor running the same talk is killed mid-job; another one, on 5 s leases,
//    takes the job over once the lease expires and finishes it, and the percent a speaker sees
//    never goes back. Exits 1 when a target is missed or a check fails.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import * as v from "valibot";
import { nodeStepDeps } from "../../processor/node-deps";
import { processVersion } from "../../processor/pipeline";
import frab from "../../tests/fixtures/frab-small.schedule.json";
import { AdminClient } from "../lib/admin-client";
import { ensureDevVars } from "../lib/dev-vars";
import { generateDeck, generateTalkVideo, numberedSlides } from "../lib/generated-talk";
import { localSql, queueLocalVersion } from "../lib/local-jobs";
import { type LocalProcessor, startLocalProcessor } from "../lib/local-processor";
import { applyLocalMigrations, freePort, startLocalServer } from "../lib/local-server";

const SLIDES = 30;
const CONVERSION_TARGET_S = 30;
const TALK_SECONDS = 600;
const CHAOS_LEASE_SECONDS = 5;

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`  ${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
};
const seconds = (since: number) => (performance.now() - since) / 1000;

const directory = mkdtempSync(join(tmpdir(), "bench-processing-"));
const deps = nodeStepDeps();
console.log(
  `Machine: ${cpus().length} × ${cpus()[0]?.model}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);

console.log(`Generating a ${SLIDES}-slide deck (pptx and pdf) and a ${TALK_SECONDS / 60}-minute 720p talk of it…`);
let started = performance.now();
const slides = numberedSlides(SLIDES, "Distributed systems");
const [pptx, pdf] = await Promise.all([
  generateDeck(slides, directory, "deck", "pptx"),
  generateDeck(slides, directory, "deck-pages", "pdf"),
]);
const talk = await generateTalkVideo({
  pdf,
  output: join(directory, "talk.mkv"),
  secondsPerPage: TALK_SECONDS / SLIDES,
  width: 1280,
  height: 720,
});
console.log(`  generated in ${seconds(started).toFixed(1)} s (talk ${(statSync(talk).size / 1e6).toFixed(1)} MB)`);

async function convert(name: string) {
  const work = join(directory, name);
  await deps.files.makeDirectory(work);
  const outcome = await processVersion({ slides: pptx }, work, deps, () => {});
  return outcome.status === "success" ? outcome.pages.length : outcome.message;
}

console.log(`\n1. ${SLIDES}-slide pptx → PDF + thumbnails`);
started = performance.now();
const pages = await convert("one");
const oneSeconds = seconds(started);
console.log(`  ${oneSeconds.toFixed(1)} s, ${pages} pages`);
check(pages === SLIDES, `${SLIDES} pages rendered`);
check(oneSeconds <= CONVERSION_TARGET_S, `within ${CONVERSION_TARGET_S} s`);

console.log("\n2. four conversions at once");
started = performance.now();
const four = await Promise.all(["a", "b", "c", "d"].map((name) => convert(`four-${name}`)));
console.log(`  ${seconds(started).toFixed(1)} s for all four: ${four.join(", ")} pages`);
check(
  four.every((count) => count === SLIDES),
  "all four succeed",
);

const stateDir = join(directory, "state");
const { adminToken, processorToken } = ensureDevVars();
await applyLocalMigrations(stateDir);
// One bundled workerd, not `wrangler dev`, whose file watcher restarts the Worker (dropping
// every request under way) whenever a file of the checkout changes during the run.
const server = await startLocalServer({ port: await freePort(), stateDir, quiet: true });
const processors: LocalProcessor[] = [];
try {
  // The talk's speaker follows the versions as the speaker's page does, through the API.
  const slug = "bench-processing";
  const admin = new AdminClient(server.url, adminToken);
  await admin.importSchedule(slug, frab);
  const speaker = { email: "speaker@bench.test", password: "bench-pass" };
  await admin.upsertMember(slug, {
    ...speaker,
    name: "Jane Doe",
    isSpeaker: true,
    speakerExternalId: "7001:Jane Doe",
  });
  const api = async (path: string, init: RequestInit = {}) => {
    const response = await fetch(`${server.url}${path}`, init);
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  const token = v.parse(
    v.object({ data: v.object({ token: v.string() }) }),
    await api(`/api/event-engagement/${slug}/user-login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(speaker),
    }),
  ).data.token;
  const [presentation] = localSql<{ id: number }>(
    stateDir,
    "select id from presentations where name = 'Threat models for everyone'",
  );
  if (!presentation) throw new Error("no presentation imported");
  const SpeakerVersions = v.object({
    data: v.object({
      versions: v.array(
        v.object({
          versionId: v.string(),
          status: v.string(),
          percent: v.number(),
          thumbnails: v.array(v.unknown()),
        }),
      ),
    }),
  });
  const versionOf = async (versionId: string) =>
    v
      .parse(
        SpeakerVersions,
        await api(`/api/speaker-data/presentation/${presentation.id}`, {
          headers: { authorization: `Bearer ${token}` },
        }),
      )
      .data.versions.find((version) => version.versionId === versionId);
  const waitForEnd = async (versionId: string, onSample: (percent: number) => void) => {
    for (const deadline = Date.now() + 600_000; Date.now() < deadline; await sleep(250)) {
      const version = await versionOf(versionId).catch((error: Error) => {
        console.log(`  (reading the versions failed: ${error.message}; again)`);
        return undefined;
      });
      if (!version) continue;
      onSample(version.percent);
      if (version.status !== "pending" && version.status !== "processing") return version;
    }
    throw new Error(`version ${versionId} still processing after 10 minutes`);
  };

  console.log(`\n3. a ${TALK_SECONDS / 60}-minute 720p talk end to end (Worker + one processor)`);
  queueLocalVersion(stateDir, { id: "bench-talk", presentationId: presentation.id, video: talk, slides: pptx });
  started = performance.now();
  processors.push(startLocalProcessor({ api: server.url, token: processorToken, quiet: true }));
  const done = await waitForEnd("bench-talk", () => {});
  const endToEnd = seconds(started);
  await processors.pop()?.stop();
  const chapters = done.thumbnails.length;
  console.log(`  ${done.status} in ${endToEnd.toFixed(1)} s, ${chapters} chapters`);
  check(done.status === "success", "the talk is processed");
  // How many of the slide changes the chapter step finds is issue 15's benchmark, not this one's.
  check(chapters > 0, "its chapters are written");

  console.log(
    `\n4. chaos: the processor is killed mid-job; another takes it over after its ${CHAOS_LEASE_SECONDS} s lease`,
  );
  const chaosEnv = { PROCESSOR_LEASE_SECONDS: String(CHAOS_LEASE_SECONDS), PROCESSOR_POLL_MS: "500" };
  const chaosProcessor = () =>
    startLocalProcessor({ api: server.url, token: processorToken, quiet: true, env: chaosEnv, restart: false });
  const first = chaosProcessor();
  processors.push(first);
  queueLocalVersion(stateDir, { id: "bench-chaos", presentationId: presentation.id, video: talk, slides: pptx });
  started = performance.now();
  const seen: number[] = [];
  let killedAt: number | undefined;
  const chaos = await waitForEnd("bench-chaos", (percent) => {
    seen.push(percent);
    const pid = first.pid();
    if (killedAt !== undefined || percent < 20 || !pid) return;
    // A crash: the processor and the commands it started die at once, with no goodbye.
    const children = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" })
      .split("\n")
      .map(Number)
      .filter((child) => child > 0);
    process.kill(pid, "SIGKILL");
    for (const child of children) {
      try {
        process.kill(-child, "SIGKILL");
      } catch {
        // Gone already.
      }
    }
    killedAt = percent;
    console.log(`  killed the processor at ${percent} %; another starts`);
    processors.push(chaosProcessor());
  });
  // Read once nothing else writes: the local database is one SQLite file.
  await Promise.all(processors.map((processor) => processor.stop()));
  const [job] = localSql<{ attempts: number }>(
    stateDir,
    "select attempts from processing_jobs where version_id = 'bench-chaos'",
  );
  console.log(
    `  ${chaos.status} in ${seconds(started).toFixed(1)} s after ${job?.attempts} attempts; percents seen: ${[...new Set(seen)].join(" ")}`,
  );
  check(killedAt !== undefined, "a processor was killed mid-job");
  check(chaos.status === "success" && job?.attempts === 2, "the other processor finished the job (attempt 2)");
  check(chaos.thumbnails.length === chapters, "nothing lost: the same chapters as the undisturbed run");
  check(
    seen.every((percent, i) => i === 0 || percent >= (seen[i - 1] ?? 0)),
    "the percent the speaker saw never went back",
  );
} finally {
  await Promise.all(processors.map((processor) => processor.stop()));
  await server.stop();
  rmSync(directory, { recursive: true, force: true });
}

console.log(
  `\nLoad average after: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
if (failures.length > 0) {
  console.error(`Missed: ${failures.join("; ")}`);
  process.exit(1);
}
