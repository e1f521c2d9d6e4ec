// Chaos, against a real local Worker (one workerd on a state directory of its own):
// - a processor dies mid-job: once its lease expires another takes the job over and finishes it,
//   nothing is lost, and the percent the speaker sees never goes back;
// - the Worker restarts in the middle of an upload's part: the upload resumes where the server
//   says it stands, and completes.
// The real processor code runs (lease client, runJob, progress reporter); only the media
// pipeline is a stand-in, whose pace the test controls (bench:processing kills real ffmpeg runs).
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { type LeasedJob, MIN_LEASE_SECONDS } from "@core/processing/protocol";
import * as v from "valibot";
import { afterAll, beforeAll, expect, it } from "vitest";
import { httpLeaseClient, type LeaseClient } from "../../processor/lease-client";
import { nodeStepDeps } from "../../processor/node-deps";
import type { ProcessedVersion, processVersion } from "../../processor/pipeline";
import { runJob } from "../../processor/run-job";
import { AdminClient } from "../../scripts/lib/admin-client";
import { buildSpa } from "../../scripts/lib/build-spa";
import { ensureDevVars } from "../../scripts/lib/dev-vars";
import { localSql } from "../../scripts/lib/local-jobs";
import {
  applyLocalMigrations,
  freePort,
  type LocalServer,
  ROOT,
  startLocalServer,
} from "../../scripts/lib/local-server";
import frab from "../fixtures/frab-small.schedule.json";

const MiB = 1024 * 1024;
const MP4_HEAD = Uint8Array.from([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);

const directory = mkdtempSync(join(tmpdir(), "chaos-"));
const stateDir = join(directory, "state");
const { adminToken, processorToken } = ensureDevVars();
let port: number;
let server: LocalServer;
let token: string;
let presentationId: number;

/**
 * fetch, sent again once when it went out on a kept-alive connection the server had just closed
 * (browsers do the same); a streamed body cannot be sent again and is not.
 */
async function fetch(input: string, init: RequestInit = {}): Promise<Response> {
  try {
    return await globalThis.fetch(input, init);
  } catch (error) {
    const stale = (error as { cause?: { code?: string } }).cause?.code === "UND_ERR_SOCKET";
    if (!stale || init.body instanceof ReadableStream) throw error;
    return globalThis.fetch(input, init);
  }
}

const url = (path: string) => `http://127.0.0.1:${port}${path}`;
const tusHeaders = () => ({ authorization: `Bearer ${token}`, "tus-resumable": "1.0.0" });

async function createUpload(length: number): Promise<string> {
  const metadata = `kind ${btoa("video")},filename ${btoa("talk.mp4")},presentationId ${btoa(String(presentationId))}`;
  const response = await fetch(url("/api/uploads"), {
    method: "POST",
    headers: { ...tusHeaders(), "upload-length": String(length), "upload-metadata": metadata },
  });
  expect(response.status).toBe(201);
  return url(response.headers.get("location") ?? "");
}

const patch = (upload: string, offset: number, body: BodyInit) =>
  fetch(upload, {
    method: "PATCH",
    headers: { ...tusHeaders(), "content-type": "application/offset+octet-stream", "upload-offset": String(offset) },
    body,
    duplex: "half",
  } as RequestInit);

const offsetOf = async (upload: string) =>
  Number((await fetch(upload, { method: "HEAD", headers: tusHeaders() })).headers.get("upload-offset"));

beforeAll(async () => {
  // The Worker is bundled with its static assets: run alone, before any build, it needs one.
  if (!existsSync(join(ROOT, "web", "dist", "index.html"))) buildSpa();
  await applyLocalMigrations(stateDir);
  port = await freePort();
  server = await startLocalServer({ port, stateDir, quiet: true });
  const slug = "chaos";
  const admin = new AdminClient(server.url, adminToken);
  await admin.importSchedule(slug, frab);
  const speaker = { email: "speaker@chaos.test", password: "chaos-pass" };
  await admin.upsertMember(slug, { ...speaker, name: "Jane Doe", isSpeaker: true, speakerExternalId: "7001:Jane Doe" });
  const login = await fetch(url(`/api/event-engagement/${slug}/user-login`), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(speaker),
  });
  token = v.parse(v.object({ data: v.object({ token: v.string() }) }), await login.json()).data.token;
  const [talk] = localSql<{ id: number }>(
    stateDir,
    "select id from presentations where name = 'Threat models for everyone'",
  );
  presentationId = talk?.id ?? 0;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(directory, { recursive: true, force: true });
});

/** A processor's lease client that goes silent at `kill()`, as a killed process does. */
function killableClient(): { client: LeaseClient; kill(): void } {
  const real = httpLeaseClient(server.url, processorToken);
  let dead = false;
  const unlessDead =
    <Args extends unknown[], Result>(call: (...args: Args) => Promise<Result>) =>
    (...args: Args): Promise<Result> =>
      dead ? new Promise<Result>(() => {}) : call(...args);
  return {
    client: {
      lease: unlessDead(real.lease),
      progress: unlessDead(real.progress),
      download: unlessDead(real.download),
      upload: unlessDead(real.upload),
      complete: unlessDead(real.complete),
      fail: unlessDead(real.fail),
    },
    kill: () => {
      dead = true;
    },
  };
}

/** A pipeline stand-in: reports `percents` one after the other, then `finish()`es. */
function pipeline(percents: number[], finish: () => Promise<void>): typeof processVersion {
  return async (inputs, work, _steps, report) => {
    for (const percent of percents) {
      report({ status: "processing", percent, stage: "chapters" });
      await sleep(300);
    }
    await finish();
    const thumbnail = join(work, "chapter-1.jpg");
    writeFileSync(thumbnail, JPEG);
    const processed: ProcessedVersion = {
      status: "success",
      durationSeconds: 20,
      pdf: undefined,
      pages: [],
      chapters: [{ time: 0, page: null, title: "Welcome", thumbnail }],
      video: inputs.video,
      webcam: undefined,
    };
    return processed;
  };
}

async function leaseWithin(client: LeaseClient, processorId: string, ms: number): Promise<LeasedJob> {
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(250)) {
    const job = await client.lease(processorId, MIN_LEASE_SECONDS);
    if (job) return job;
  }
  throw new Error(`no job leased within ${ms} ms`);
}

it("a processor killed mid-job: another takes over after the lease, finishes, the percent never goes back", async () => {
  const upload = await createUpload(MP4_HEAD.length);
  expect((await patch(upload, 0, MP4_HEAD)).status).toBe(204);
  const created = await fetch(url(`/api/speaker-data/${presentationId}/versions`), {
    method: "PATCH",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ option: "two", video: { id: upload.split("/").pop() } }),
  });
  expect(created.status).toBe(200);

  const Versions = v.object({
    data: v.object({
      versions: v.array(
        v.object({ versionId: v.string(), status: v.string(), percent: v.number(), thumbnails: v.array(v.unknown()) }),
      ),
    }),
  });
  const seen: number[] = [];
  let watching = true;
  const speakerView = async () =>
    v.parse(
      Versions,
      await (
        await fetch(url(`/api/speaker-data/presentation/${presentationId}`), {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json(),
    ).data.versions[0];
  const watcher = (async () => {
    while (watching) {
      const version = await speakerView();
      if (version) seen.push(version.percent);
      await sleep(100);
    }
  })();

  const nodeSteps = nodeStepDeps();
  // The jobs' files under this test's directory: the killed processor never removes its own.
  const steps = {
    ...nodeSteps,
    files: { ...nodeSteps.files, makeTemporaryDirectory: (prefix: string) => mkdtemp(join(directory, prefix)) },
  };
  const options = { heartbeatMs: (MIN_LEASE_SECONDS * 1000) / 3, minProgressIntervalMs: 0 };
  const first = killableClient();
  const firstJob = await leaseWithin(first.client, "chaos:first", 10_000);
  // Dies at 60 %: no more report nor heartbeat from it, ever.
  void runJob(
    firstJob,
    {
      client: first.client,
      steps,
      process: pipeline([20, 40, 60], async () => first.kill()),
      processorId: "chaos:first",
      log: () => {},
    },
    options,
  );
  const second = httpLeaseClient(server.url, processorToken);
  // Not before the first one's lease has expired: MIN_LEASE_SECONDS after its last heartbeat.
  const secondJob = await leaseWithin(second, "chaos:second", (MIN_LEASE_SECONDS + 10) * 1000);
  expect(secondJob.jobId).toBe(firstJob.jobId);
  expect(secondJob.attempt).toBe(2);
  const end = await runJob(
    secondJob,
    {
      client: second,
      steps,
      process: pipeline([10, 50, 90], async () => {}),
      processorId: "chaos:second",
      log: () => {},
    },
    options,
  );
  expect(end).toBe("completed");
  watching = false;
  await watcher;

  const done = await speakerView();
  expect(done?.status).toBe("success");
  expect(done?.thumbnails).toHaveLength(1);
  expect(seen).toContain(60);
  expect(seen.every((percent, index) => index === 0 || percent >= (seen[index - 1] ?? 0))).toBe(true);
}, 60_000);

it("the Worker restarted in the middle of a part: the upload resumes from HEAD's offset and completes", async () => {
  const part = 16 * MiB; // the local server's default part size (docs/uploads.md)
  const length = part + 1_000;
  const upload = await createUpload(length);
  const first = new Uint8Array(part);
  first.set(MP4_HEAD);
  expect((await patch(upload, 0, first)).status).toBe(204);

  // The second part: its first bytes go out, then the Worker stops under it.
  const rest = new Uint8Array(length - part);
  const cut = patch(
    upload,
    part,
    new ReadableStream({
      async start(controller) {
        controller.enqueue(rest.subarray(0, 500));
      },
    }),
  ).catch((error: Error) => error);
  await sleep(300);
  await server.stop();
  expect(await cut).toBeInstanceOf(Error);
  server = await startLocalServer({ port, stateDir, quiet: true });

  expect(await offsetOf(upload)).toBe(part);
  const resumed = await patch(upload, part, rest);
  expect(resumed.status).toBe(204);
  expect(resumed.headers.get("upload-offset")).toBe(String(length));
}, 90_000);
