// npm run bench:upload [-- --size 2G] — resumable uploads measured on loopback (docs/benchmarks.md):
// 1. a generated file (2 GiB by default; `--size 512M` for a quicker run) through tus
//    (/api/uploads, one PATCH per part) against a plain streamed R2 put of the same bytes through
//    the Worker (the development-only PUT /api/dev/upload-baseline): target ≥ 80 %;
// 2. a client process killed mid-part half-way through, another resuming from HEAD's offset:
//    parts sent again (target ≤ 1);
// 3. the resident memory of workerd sampled all along: it must stay flat (no whole file held).
// The file is streamed from disk part by part; neither side ever holds it whole.
// Exits 1 when a target is missed or a check fails.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { closeSync, createReadStream, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { request } from "node:http";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import * as v from "valibot";
import frab from "../../tests/fixtures/frab-small.schedule.json";
import { AdminClient } from "../lib/admin-client";
import { ensureDevVars } from "../lib/dev-vars";
import { localSql } from "../lib/local-jobs";
import { applyLocalMigrations, freePort, startLocalServer } from "../lib/local-server";

const THROUGHPUT_TARGET = 0.8;
const RESENT_TARGET = 1;
const MiB = 1024 * 1024;
/** Memory workerd may gain from one half of an upload to the next: one 16 MiB part's worth, rounded up. */
const PART_SLACK_MB = 20;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTP call on loopback; `file` streams a byte range of a file as the body. */
function call(
  url: string,
  method: string,
  headers: Record<string, string>,
  file?: { path: string; start: number; length: number },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      url,
      // A connection per call: no idle keep-alive socket closed under a request's feet.
      { method, agent: false, headers: file ? { ...headers, "content-length": String(file.length) } : headers },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    outgoing.on("error", reject);
    if (!file || file.length === 0) {
      outgoing.end();
      return;
    }
    createReadStream(file.path, { start: file.start, end: file.start + file.length - 1, highWaterMark: MiB })
      .on("error", reject)
      .pipe(outgoing);
  });
}

const tusHeaders = (token: string) => ({ authorization: `Bearer ${token}`, "tus-resumable": "1.0.0" });

/**
 * Sends the upload's parts from where the server says it stands to the end, one PATCH each as
 * tus-js-client does; prints `start <part>` and `done <part>` lines for the process watching it.
 */
async function sendParts(
  uploadUrl: string,
  token: string,
  path: string,
  size: number,
  say: (line: string) => void = () => {},
): Promise<number> {
  const head = await call(uploadUrl, "HEAD", tusHeaders(token));
  if (head.status !== 200) throw new Error(`HEAD ${head.status}`);
  let offset = Number(head.headers["upload-offset"]);
  const partSize = Number(head.headers["upload-part-size"]);
  let sent = 0;
  while (offset < size) {
    const part = offset / partSize + 1;
    const length = Math.min(partSize, size - offset);
    say(`start ${part}`);
    const partStarted = performance.now();
    const answer = await call(
      uploadUrl,
      "PATCH",
      { ...tusHeaders(token), "content-type": "application/offset+octet-stream", "upload-offset": String(offset) },
      { path, start: offset, length },
    );
    if (answer.status !== 204) throw new Error(`PATCH part ${part}: ${answer.status} ${answer.body}`);
    offset = Number(answer.headers["upload-offset"]);
    sent++;
    say(`done ${part} ${(performance.now() - partStarted).toFixed(0)}`);
  }
  return sent;
}

// The client process the benchmark kills: `upload.ts --client <uploadUrl> <token> <file> <size>`.
if (process.argv[2] === "--client") {
  const [uploadUrl, token, path, size] = process.argv.slice(3);
  if (!uploadUrl || !token || !path || !size) throw new Error("--client <uploadUrl> <token> <file> <size>");
  await sendParts(uploadUrl, token, path, Number(size), console.log);
  process.exit(0);
}

function parseSize(text: string): number {
  const match = /^(\d+)([MG]?)$/i.exec(text);
  if (!match?.[1]) throw new Error(`--size: a number of bytes, or of MiB (512M) or GiB (2G), not ${text}`);
  const unit = match[2]?.toUpperCase() === "G" ? 1024 * MiB : match[2]?.toUpperCase() === "M" ? MiB : 1;
  return Number(match[1]) * unit;
}

const sizeFlag = process.argv.indexOf("--size");
const SIZE = parseSize(sizeFlag === -1 ? "2G" : (process.argv[sizeFlag + 1] ?? ""));

const failures: string[] = [];
const check = (ok: boolean, what: string) => {
  console.log(`  ${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failures.push(what);
};
const mb = (bytes: number) => (bytes / 1e6).toFixed(0);

/** A video-looking file (an MP4 `ftyp` box, then pseudo-random bytes), written 1 MiB at a time. */
function generateFile(path: string, size: number): void {
  const block = Buffer.alloc(MiB);
  for (let at = 0; at < MiB; at += 4) block.writeUInt32LE((Math.imul(at + 1, 2654435761) ^ (at << 7)) >>> 0, at);
  const descriptor = openSync(path, "w");
  try {
    for (let written = 0; written < size; written += MiB) {
      const chunk = block.subarray(0, Math.min(MiB, size - written));
      if (written === 0) Buffer.from("000000186674797069736f6d0000020069736f6d69736f32", "hex").copy(chunk);
      writeSync(descriptor, chunk);
    }
  } finally {
    closeSync(descriptor);
  }
}

/** The resident memory (MB) of this process's workerd descendants, summed. */
function workerdRss(): number {
  const pids = execFileSync("ps", ["-e", "-o", "pid=,ppid=,comm="], { encoding: "utf8" })
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/))
    .map(([pid, ppid, comm]) => ({ pid: Number(pid), ppid: Number(ppid), comm }));
  const ours = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const entry of pids)
      if (ours.has(entry.ppid) && !ours.has(entry.pid)) {
        ours.add(entry.pid);
        grew = true;
      }
  }
  let kilobytes = 0;
  for (const entry of pids) {
    if (!ours.has(entry.pid) || entry.comm !== "workerd") continue;
    const status = readFileSync(`/proc/${entry.pid}/status`, "utf8");
    kilobytes += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  }
  return kilobytes / 1024;
}

/** Samples workerd's memory every 250 ms while `work` runs: the largest and the last values. */
async function withMemory<T>(work: () => Promise<T>): Promise<{ result: T; peakMb: number; samples: number[] }> {
  const samples: number[] = [workerdRss()];
  let running = true;
  const sampler = (async () => {
    while (running) {
      await sleep(250);
      samples.push(workerdRss());
    }
  })();
  try {
    return { result: await work(), peakMb: Math.max(...samples), samples };
  } finally {
    running = false;
    await sampler;
  }
}

console.log(
  `Machine: ${cpus().length} × ${cpus()[0]?.model}, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")}`,
);
const directory = mkdtempSync(join(tmpdir(), "bench-upload-"));
const file = join(directory, "talk.mp4");
const children: ChildProcess[] = [];
let started = performance.now();
generateFile(file, SIZE);
console.log(`Generated a ${mb(SIZE)} MB file in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const stateDir = join(directory, "state");
const { adminToken } = ensureDevVars();
await applyLocalMigrations(stateDir);
// One bundled workerd (as bench:processing): `wrangler dev` restarts the Worker whenever a file of
// the checkout changes, which would cut an upload of minutes; .dev.vars makes it a development server.
const server = await startLocalServer({ port: await freePort(), stateDir, quiet: true }).catch((error) => {
  rmSync(directory, { recursive: true, force: true });
  throw error;
});
try {
  const slug = "bench-upload";
  const admin = new AdminClient(server.url, adminToken);
  await admin.importSchedule(slug, frab);
  const speaker = { email: "speaker@bench.test", password: "bench-pass" };
  await admin.upsertMember(slug, { ...speaker, name: "Jane Doe", isSpeaker: true, speakerExternalId: "7001:Jane Doe" });
  const login = await fetch(`${server.url}/api/event-engagement/${slug}/user-login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(speaker),
  });
  const token = v.parse(v.object({ data: v.object({ token: v.string() }) }), await login.json()).data.token;
  const [presentation] = localSql<{ id: number }>(
    stateDir,
    "select id from presentations where name = 'Threat models for everyone'",
  );
  if (!presentation) throw new Error("no presentation imported");

  const createUpload = async () => {
    const metadata = [
      `kind ${btoa("video")}`,
      `filename ${btoa("talk.mp4")}`,
      `presentationId ${btoa(String(presentation.id))}`,
    ].join(",");
    const answer = await call(`${server.url}/api/uploads`, "POST", {
      ...tusHeaders(token),
      "upload-length": String(SIZE),
      "upload-metadata": metadata,
    });
    if (answer.status !== 201) throw new Error(`POST /api/uploads: ${answer.status} ${answer.body}`);
    return `${server.url}${answer.headers.location}`;
  };
  const terminate = (uploadUrl: string) => call(uploadUrl, "DELETE", tusHeaders(token));

  const idleMb = workerdRss();
  console.log(`\nworkerd at rest: ${idleMb.toFixed(0)} MB resident`);

  // tus first, from rest: its memory samples owe nothing to the plain put's.
  console.log(`\n1. ${mb(SIZE)} MB through tus, then in one plain R2 put through the Worker`);
  const tusUrl = await createUpload();
  started = performance.now();
  const partMs: number[] = [];
  const tus = await withMemory(() =>
    sendParts(tusUrl, token, file, SIZE, (line) => {
      const [what, , ms] = line.split(" ");
      if (what === "done") partMs.push(Number(ms));
    }),
  );
  const middle = [...partMs.slice(0, -1)].sort((a, b) => a - b)[Math.floor((partMs.length - 1) / 2)] ?? 0;
  const tusSeconds = (performance.now() - started) / 1000;
  const tusRate = SIZE / 1e6 / tusSeconds;
  console.log(
    `  tus: ${tus.result} parts, ${tusSeconds.toFixed(1)} s, ${tusRate.toFixed(0)} MB/s, workerd peak ${tus.peakMb.toFixed(0)} MB`,
  );
  console.log(`  a part takes ${middle} ms (median), the last one, which completes the object, ${partMs.at(-1)} ms`);
  await terminate(tusUrl);
  started = performance.now();
  const baseline = await withMemory(() =>
    call(
      `${server.url}/api/dev/upload-baseline`,
      "PUT",
      { authorization: `Bearer ${token}` },
      {
        path: file,
        start: 0,
        length: SIZE,
      },
    ),
  );
  const baselineSeconds = (performance.now() - started) / 1000;
  if (baseline.result.status !== 200)
    throw new Error(`baseline put: ${baseline.result.status} ${baseline.result.body}`);
  const baselineRate = SIZE / 1e6 / baselineSeconds;
  console.log(
    `  plain put: ${baselineSeconds.toFixed(1)} s, ${baselineRate.toFixed(0)} MB/s, workerd peak ${baseline.peakMb.toFixed(0)} MB`,
  );

  console.log(`  tus at ${((100 * tusRate) / baselineRate).toFixed(0)} % of the plain put's throughput`);
  check(tusRate >= THROUGHPUT_TARGET * baselineRate, `tus at ≥ ${THROUGHPUT_TARGET * 100} % of the plain put`);

  console.log("\n2. a client killed mid-part half-way, another resuming");
  const resumeUrl = await createUpload();
  const client = spawn(
    process.execPath,
    [...process.execArgv, import.meta.filename, "--client", resumeUrl, token, file, String(SIZE)],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  children.push(client);
  const parts = Math.ceil(
    SIZE / Number((await call(resumeUrl, "HEAD", tusHeaders(token))).headers["upload-part-size"]),
  );
  const killAt = Math.max(1, Math.floor(parts / 2));
  let startedByKilled = 0;
  const resumed = await withMemory(async () => {
    for await (const line of createInterface({ input: client.stdout ?? process.stdin })) {
      const [what, part] = line.split(" ");
      if (what === "start") startedByKilled = Number(part);
      if (what === "start" && Number(part) === killAt) {
        await sleep(30); // mid-part: some of its bytes are on their way
        client.kill("SIGKILL");
        break;
      }
    }
    await new Promise((resolve) => (client.exitCode === null ? client.once("exit", resolve) : resolve(null)));
    const head = await call(resumeUrl, "HEAD", tusHeaders(token));
    const offset = Number(head.headers["upload-offset"]);
    const partSize = Number(head.headers["upload-part-size"]);
    const stored = offset / partSize;
    console.log(`  killed while sending part ${startedByKilled}; the server holds ${stored} parts (offset ${offset})`);
    const sentAgain = startedByKilled - stored;
    await sendParts(resumeUrl, token, file, SIZE);
    const end = await call(resumeUrl, "HEAD", tusHeaders(token));
    return { sentAgain, complete: Number(end.headers["upload-offset"]) === SIZE };
  });
  console.log(
    `  resumed to the end: ${resumed.result.sentAgain} part(s) sent again, workerd peak ${resumed.peakMb.toFixed(0)} MB`,
  );
  await terminate(resumeUrl);
  check(resumed.result.complete, "the resumed upload is complete");
  check(resumed.result.sentAgain <= RESENT_TARGET, `at most ${RESENT_TARGET} part sent again`);

  const peak = Math.max(tus.peakMb, resumed.peakMb);
  const half = Math.floor(tus.samples.length / 2);
  const firstHalf = Math.max(...tus.samples.slice(0, half));
  const secondHalf = Math.max(...tus.samples.slice(half));
  console.log(
    `\n3. workerd memory: ${idleMb.toFixed(0)} MB at rest; during tus at most ${firstHalf.toFixed(0)} MB in the first half of the file, ${secondHalf.toFixed(0)} MB in the second (${peak.toFixed(0)} MB at most, resume included)`,
  );
  // Flat: workerd holds a part or so in flight, not the file: it does not grow as the bytes go by,
  // and stays under half the file (a small file's run allows 8 parts: 128 MiB).
  check(
    secondHalf <= firstHalf + PART_SLACK_MB && peak - idleMb < Math.max(SIZE / 1e6 / 2, 134),
    "workerd's memory stays flat during tus uploads",
  );
} finally {
  for (const child of children) if (child.exitCode === null) child.kill("SIGKILL");
  await server.stop().catch(() => undefined);
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
