// npm run bench:forum -- [--clients 1000] [--rate 50] [--seconds 10]   (Q&A: -- --qa, see forum-qa.ts)
// N WebSocket clients follow one forum room of a local server while one member posts `rate`
// posts a second for `seconds` through the REST API. Each post's text carries its number; the
// sender keeps the send time, each client the arrival time (one process, one clock). Prints the
// connect time, the post → client delay (p50/p99/max), the room's own share of it (broadcast →
// client, from the change's `at` stamp), the POST latency, and `missing: <count>` (deliveries of
// created posts that never came), and whether every client got the posts in the same order.
// Loopback only; every wait is bounded, so it stops by itself.
// Clients offer permessage-deflate as browsers do (--compression off: they do not); the summary
// says what their sockets negotiated. The bench reaches the Worker on its own socket, as clients
// reach a deployed Worker (BENCH_ENTRY=1: through Miniflare's entry worker, a development front
// that relays every frame once more in this very process). It prints the CPU time the server's
// process and the bench's own (all clients) spent while posting, to tell which side bounds a run.
// Posts go through a connection pool that lets an idle connection go after 1 s, well before the
// server's 5 s: with Node's default of 4 s, a late event loop in this process (1,000 clients)
// reused connections the server had just closed, and those posts failed with UND_ERR_SOCKET
// where a browser would have resent them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { Agent, fetch as poolFetch } from "undici";
import WebSocket from "ws";
import { ROOT } from "../lib/local-server";
import { inBatches, json, until } from "./bench-calls";
import { percentile, startBenchServer } from "./bench-server";
import { runQaBench } from "./forum-qa";
import { cpuMs } from "./process-usage";

// Q&A mode (`-- --qa`, docs/qa.md): its own run, in its own file.
if (process.argv.includes("--qa")) {
  await runQaBench(process.argv.slice(2));
  process.exit(0);
}

const { values } = parseArgs({
  options: {
    clients: { type: "string", default: "1000" },
    rate: { type: "string", default: "50" },
    seconds: { type: "string", default: "10" },
    compression: { type: "string", default: "on" },
  },
});
if (values.compression !== "on" && values.compression !== "off") throw new Error("--compression is on or off");
const CLIENTS = Number(values.clients);
const POSTS_PER_SECOND = Number(values.rate);
const SECONDS = Number(values.seconds);
const POSTS = POSTS_PER_SECOND * SECONDS;
const SLUG = "bench-forum";
const CONNECT_CONCURRENCY = 50;
const CONNECT_TIMEOUT_MS = 120_000;
/** After the last post is sent, how long clients may take to receive everything. */
const DRAIN_TIMEOUT_MS = 30_000;
const TEXT_PREFIX = "bench post #";

interface Client {
  socket: WebSocket;
  /** Arrival of each post, by post number: `performance.now()`, and how long after the room stamped it. */
  received: Map<number, Arrival>;
}

interface Arrival {
  at: number;
  sinceBroadcastMs: number;
}

/** Opens one client and resolves once the room said hello (it then receives every change). */
function connect(url: string, received: Map<number, Arrival>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, { perMessageDeflate: values.compression === "on" });
    const timer = setTimeout(() => reject(new Error("no hello within 30 s")), 30_000);
    socket.on("message", (raw) => {
      type Entry = { at?: number; change?: { type: string; data: { post?: { post: string } } } };
      const message = JSON.parse(String(raw)) as Entry & { type: string; changes?: Entry[] };
      if (message.type === "hello") {
        clearTimeout(timer);
        resolve(socket);
        return;
      }
      // One change, or the changes of one broadcast window (docs/protocol.md).
      const entries = message.type === "changes" ? (message.changes ?? []) : message.type === "change" ? [message] : [];
      for (const entry of entries) {
        if (entry.change?.type !== "post_created") continue;
        const text = entry.change.data.post?.post ?? "";
        // The room stamps a change with Date.now() when it logs it: same machine, same clock.
        const sinceLoggedMs = Date.now() - (entry.at ?? Number.NaN);
        if (text.startsWith(TEXT_PREFIX)) {
          received.set(Number(text.slice(TEXT_PREFIX.length)), {
            at: performance.now(),
            sinceBroadcastMs: sinceLoggedMs,
          });
        }
      }
    });
    socket.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

const direct = process.env.BENCH_ENTRY !== "1";
const bench = await startBenchServer({ direct });
const { url } = bench.server;
const clients: Client[] = [];
try {
  const schedule = JSON.parse(readFileSync(join(ROOT, "tests/fixtures/frab-small.schedule.json"), "utf8"));
  await bench.admin.importSchedule(SLUG, { ...schedule, engagement: { forum: true, allowAnonymousAccess: true } });
  await bench.admin.upsertMember(SLUG, { email: "bench-poster@example.org", name: "Bench", password: "bench-pass" });
  const login = await json<{ data: { token: string } }>(
    await fetch(`${url}/api/event-engagement/${SLUG}/user-login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "bench-poster@example.org", password: "bench-pass" }),
    }),
  );
  const token = login.data.token;
  const { data } = await json<{ data: { presentations: { _id: number }[] } }>(
    await fetch(`${url}/api/public/schedule/${SLUG}`),
  );
  const presentationId = data.presentations[0]?._id;
  if (presentationId === undefined) throw new Error("the imported schedule has no presentation");
  const roomUrl = `${url.replace(/^http/, "ws")}/parties/forum-room/${presentationId}?token=${encodeURIComponent(token)}`;

  // Connect: every client is in the room once it got its hello.
  const connectStart = performance.now();
  const connectTimes: number[] = [];
  let connectFailures = 0;
  const connecting = inBatches(
    Array.from({ length: CLIENTS }, (_, index) => index),
    CONNECT_CONCURRENCY,
    async () => {
      const started = performance.now();
      const received = new Map<number, Arrival>();
      try {
        clients.push({ socket: await connect(roomUrl, received), received });
        connectTimes.push(performance.now() - started);
      } catch {
        connectFailures++;
      }
    },
  );
  const connectedInTime = await Promise.race([
    connecting.then(() => true),
    new Promise<false>((resolve) => setTimeout(() => resolve(false), CONNECT_TIMEOUT_MS)),
  ]);
  if (!connectedInTime) throw new Error(`clients still connecting after ${CONNECT_TIMEOUT_MS / 1000} s`);
  const connectMs = performance.now() - connectStart;

  // Post at a steady rate, without waiting for answers; the send time is taken just before each.
  const sentAt: number[] = [];
  const postLatencies: number[] = [];
  const created = new Set<number>();
  let postFailures = 0;
  /** Why posts failed: HTTP status and error code, or the client-side error's name. */
  const failureReasons = new Map<string, number>();
  const fail = (reason: string) => {
    postFailures++;
    failureReasons.set(reason, (failureReasons.get(reason) ?? 0) + 1);
  };
  const sends: Promise<void>[] = [];
  const posting = new Agent({ keepAliveTimeout: 1_000, keepAliveMaxTimeout: 1_000 });
  const sendPost = async (number: number) => {
    try {
      const response = await poolFetch(`${url}/api/forum/${presentationId}/posts`, {
        dispatcher: posting,
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ post: `${TEXT_PREFIX}${number}` }),
        signal: AbortSignal.timeout(DRAIN_TIMEOUT_MS),
      });
      const body = await response.text();
      if (response.status !== 201) {
        const code = body.match(/"code":"([^"]+)"/)?.[1] ?? body.replace(/\s+/g, " ").slice(0, 60);
        fail(`${response.status} ${code}`.trim());
        return;
      }
      created.add(number);
      postLatencies.push(performance.now() - (sentAt[number] as number));
    } catch (error) {
      // fetch's TypeError says only "fetch failed": its cause tells a refused or reset connection.
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : undefined;
      const code = cause && "code" in cause ? String(cause.code) : cause?.message;
      fail(error instanceof Error ? `${error.name}${code ? ` ${code}` : ""}` : String(error));
    }
  };
  // The clients share this process: a late event loop would be counted as delivery time.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const cpuBefore = cpuMs();
  const postStart = performance.now();
  for (let number = 0; number < POSTS; number++) {
    const due = postStart + (number * 1000) / POSTS_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    sentAt[number] = performance.now();
    sends.push(sendPost(number));
  }
  const sendingSeconds = (performance.now() - postStart) / 1000;
  await Promise.all(sends);
  const missingNow = () => {
    let missing = 0;
    for (const client of clients) for (const number of created) if (!client.received.has(number)) missing++;
    return missing;
  };
  const everyoneHasAll = await until(() => missingNow() === 0, DRAIN_TIMEOUT_MS);
  const cpuAfter = cpuMs();
  const postingSeconds = (performance.now() - postStart) / 1000;
  loopDelay.disable();
  const missing = missingNow();

  const delays: number[] = [];
  const fanOut: number[] = [];
  for (const client of clients) {
    for (const number of created) {
      const arrival = client.received.get(number);
      if (arrival === undefined) continue;
      delays.push(arrival.at - (sentAt[number] as number));
      fanOut.push(arrival.sinceBroadcastMs);
    }
  }
  delays.sort((a, b) => a - b);
  fanOut.sort((a, b) => a - b);
  postLatencies.sort((a, b) => a - b);
  connectTimes.sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(0)} ms`;
  const cpu = (key: "server" | "bench") => {
    const spent = (cpuAfter[key] - cpuBefore[key]) / 1000;
    return `${spent.toFixed(1)} s (${((100 * spent) / postingSeconds).toFixed(0)} % of one core)`;
  };
  const negotiated = clients[0]?.socket.extensions || "none";
  // A Map keeps its keys in insertion order: each client's keys are the posts in arrival order.
  const firstOrder = [...(clients[0]?.received.keys() ?? [])].join();
  const outOfOrder = clients.filter((client) => [...client.received.keys()].join() !== firstOrder).length;

  console.log(`
Forum benchmark: ${clients.length} clients in one forum room, ${POSTS} posts at ${POSTS_PER_SECOND}/s (sent over ${sendingSeconds.toFixed(1)} s), compression ${values.compression} (clients' sockets negotiated: ${negotiated}), ${direct ? "straight to the Worker, as clients reach it in production" : "through Miniflare's entry worker (BENCH_ENTRY=1)"}
connect: ${clients.length} sockets in ${(connectMs / 1000).toFixed(1)} s, ${CONNECT_CONCURRENCY} at a time (per socket p50 ${ms(percentile(connectTimes, 50))}, p99 ${ms(percentile(connectTimes, 99))}); failed: ${connectFailures}
POST /api/forum/{id}/posts: p50 ${ms(percentile(postLatencies, 50))}, p99 ${ms(percentile(postLatencies, 99))}; failed: ${postFailures}${postFailures ? ` (${[...failureReasons].map(([reason, count]) => `${reason}: ${count}`).join(", ")})` : ""}
sockets closed by the server during the run: ${clients.filter((client) => client.socket.readyState !== WebSocket.OPEN).length}
post sent → client received, over ${delays.length} deliveries: p50 ${ms(percentile(delays, 50))}, p99 ${ms(percentile(delays, 99))}, max ${ms(delays.at(-1) ?? Number.NaN)}
room broadcast → client received (fan-out only): p50 ${ms(percentile(fanOut, 50))}, p99 ${ms(percentile(fanOut, 99))}, max ${ms(fanOut.at(-1) ?? Number.NaN)}
CPU from the first post until every client had every post (${postingSeconds.toFixed(1)} s): server (workerd) ${cpu("server")}, this process (all clients) ${cpu("bench")}
this process's event-loop delay while posting (the clients' own lag): p99 ${ms(loopDelay.percentile(99) / 1e6)}, max ${ms(loopDelay.max / 1e6)}
every client received every post: ${everyoneHasAll ? "yes" : "no"}
every client received the posts in the same order: ${outOfOrder === 0 ? "yes" : `no (${outOfOrder} clients differ from the first)`}
missing: ${missing}`);
} finally {
  for (const client of clients) client.socket.close(1000);
  await bench.dispose();
}
