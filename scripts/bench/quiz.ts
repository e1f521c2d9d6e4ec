// npm run bench:quiz -- --players N --questions Q
// N WebSocket players join a quiz room of a local server, the moderator runs Q questions (5 by
// default) and every player answers each, after a reading time (--think-ms, 0 for at once).
// Prints the join time, the delay from a moderator command to the last player receiving it
// (p50/p99), answers accepted per second, `lost: <count>`, and the room's stored snapshot at the
// end (rows, bytes, largest row, time per snapshot), read from its SQLite file.
// The Worker runs in workerd through Miniflare, as `npm start` serves it (scripts/lib/local-server.ts).
// Players offer permessage-deflate as browsers do (--compression off: they do not). Since
// 2026-11-26 the room answers players' sockets without compression whatever they offer
// (party/lib/quiz-socket-compression.ts); the summary says what the players' sockets negotiated.
// The bench reaches the Worker on a socket of its own, as clients reach a deployed Worker;
// BENCH_ENTRY=1 goes through Miniflare's entry worker instead, a development front production
// does not have, which relays every WebSocket frame once more on the same CPU
// (scripts/lib/local-server.ts).
// Prints the CPU time the room's process and the bench's own process (all players) spent on each
// question, to tell which side bounds a run, and the server's resident memory.
// The players' sockets are spread over --threads worker threads (4 by default;
// scripts/bench/quiz-players.ts), each timing its players' receipts on the wall clock, so one
// event loop's queue of 5,000 frames is not counted as the room's delay; each thread's event-loop
// delay per question is printed. The delay is still measured from the moment the moderator's
// command leaves the bench to the moment a player's socket hands the question to its player; the
// moment the question's bytes reached that socket, before the bench decompressed them, is printed
// beside it (with compression, 5,000 players' inflates queue on the process's few zlib threads).
// --relays R shards the quiz (docs/scale.md, "Quiz: sharding"): QUIZ_RELAY_PLAYERS is set to
// ceil(N / R), so the players' sockets are spread over R relay rooms; 0 (the default) runs the
// single room. Every run prints the rooms' own time per question, measured inside workerd by the
// rooms themselves (QUIZ_ROOM_TIMINGS, party/lib/room-timing.ts): the authority's loop for the
// moderator's command, its time deciding the answers, and the busiest relay's loop per command.
// All rooms share workerd's one process here, so workerd's CPU is theirs together.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import type { QuizServerMessage } from "@core/protocol/quiz";
import WebSocket from "ws";
import { ROOT } from "../lib/local-server";
import { percentile, startBenchServer } from "./bench-server";
import { cpuMs, serverRssMb } from "./process-usage";
import { type FromPlayers, type PlayersSetup, type ToPlayers, wallClock } from "./quiz-players";

const { values } = parseArgs({
  options: {
    players: { type: "string", default: "500" },
    questions: { type: "string", default: "5" },
    "think-ms": { type: "string", default: "3000" },
    compression: { type: "string", default: "on" },
    threads: { type: "string", default: "4" },
    relays: { type: "string", default: "0" },
  },
});
if (values.compression !== "on" && values.compression !== "off") throw new Error("--compression is on or off");
const PLAYERS = Number(values.players);
/** Players answer after reading, spread over 0.5 s to this many ms, as people in a room do. 0: at once. */
const THINK_MS = Number(values["think-ms"]);
const QUESTIONS = Number(values.questions);
if (!Number.isInteger(QUESTIONS) || QUESTIONS < 1) throw new Error("--questions is a positive integer");
const THREADS = Number(values.threads);
if (!Number.isInteger(THREADS) || THREADS < 1) throw new Error("--threads is a positive integer");
const RELAYS = Number(values.relays);
if (!Number.isInteger(RELAYS) || RELAYS < 0) throw new Error("--relays is 0 (not sharded) or a positive integer");
const PLAYERS_PER_RELAY = RELAYS > 0 ? Math.ceil(PLAYERS / RELAYS) : 0;
const JOIN_CONCURRENCY = 32;
/** Every wait is bounded: the benchmark stops by itself. */
const STEP_TIMEOUT_MS = 60_000;

interface Player {
  id: string;
  token: string;
}

/** A thread of players (quiz-players.ts), its latest totals and its answers to lag questions. */
interface PlayerThread {
  worker: Worker;
  totals: Extract<FromPlayers, { type: "progress" }> | undefined;
  lags: ((lag: { p99: number; max: number; busy: number }) => void)[];
}

async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T & { error?: { code: string } };
  if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(body)}`);
  return body;
}

function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  }).then((response) => json<T>(response));
}

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

function until(check: () => boolean, what: () => string): Promise<void> {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const poll = () => {
      if (check()) resolve();
      else if (Date.now() > deadline) reject(new Error(`timed out waiting for ${what()}`));
      else setTimeout(poll, 5);
    };
    poll();
  });
}

/**
 * The room's snapshot as stored (party/lib/state-rows.ts), from the SQLite file of the newest quiz
 * room under the benchmark's state directory (a temporary `bench-state-*`).
 */
function snapshotReport(): string {
  const rooms = readdirSync(tmpdir())
    .filter((name) => name.startsWith("bench-state-"))
    .flatMap((state) => {
      const root = join(tmpdir(), state, "v3", "do");
      try {
        return readdirSync(root)
          .filter((name) => name.endsWith("-QuizRoom"))
          .flatMap((dir) => readdirSync(join(root, dir)).map((file) => join(root, dir, file)));
      } catch {
        return [];
      }
    })
    .filter((file) => file.endsWith(".sqlite"))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!rooms[0]) return "snapshot: no quiz room file found";
  const query = `SELECT COUNT(*) AS rows, SUM(length(key) + length(value)) AS bytes,
      MAX(length(key) + length(value)) AS largest,
      (SELECT seq FROM state_row_seq) AS seq, (SELECT MAX(seq) FROM event_log) AS logged,
      (SELECT snapshots FROM state_row_seq) AS snapshots, (SELECT total_ms FROM state_row_seq) AS total_ms,
      (SELECT max_ms FROM state_row_seq) AS max_ms, (SELECT last_rows FROM state_row_seq) AS last_rows
    FROM state_row`;
  try {
    const [stats] = JSON.parse(execFileSync("sqlite3", ["-readonly", "-json", rooms[0], query], { encoding: "utf8" }));
    const perSnapshot = stats.snapshots > 0 ? stats.total_ms / stats.snapshots : 0;
    return `snapshot: ${stats.rows} rows, ${(stats.bytes / 1024).toFixed(0)} KB, largest row ${stats.largest} bytes, at event ${stats.seq} of ${stats.logged}
snapshots: ${stats.snapshots}, ${perSnapshot.toFixed(1)} ms each on average, ${Number(stats.max_ms).toFixed(1)} ms at most, the last wrote ${stats.last_rows} rows`;
  } catch (error) {
    return `snapshot: not read (${error instanceof Error ? error.message : error})`;
  }
}

/** A room's frames of one role over a short window, timed by the room (party/lib/room-timing.ts), on the bench's clock. */
interface RoomTiming {
  at: number;
  room: string;
  role: string;
  ms: number;
  frames: number;
  largest: number;
}
const timings: RoomTiming[] = [];
const TIMING_LINE = /quiz-room-timing (\S+) (\S+) ([\d.]+) (\d+) ([\d.]+)/;

/** The rooms' own time between `from` and `to` (bench clock): the authority's per role, the relays' largest frame. */
function roomTime(from: number, to: number) {
  const inWindow = timings.filter((timing) => timing.at >= from && timing.at <= to);
  const of = (room: string, role: string) => inWindow.filter((t) => t.room === room && t.role === role);
  const sum = (room: string, role: string) => of(room, role).reduce((total, t) => total + t.ms, 0);
  const count = (room: string, role: string) => of(room, role).reduce((total, t) => total + t.frames, 0);
  return {
    command: sum("authority", "moderator"),
    answers: sum("authority", "relay") + sum("authority", "player"),
    answerFrames: count("authority", "relay") + count("authority", "player"),
    relayLargest: Math.max(0, ...of("relay", "authority").map((t) => t.largest)),
    relayTotal: sum("relay", "authority") + sum("relay", "player"),
  };
}

const direct = process.env.BENCH_ENTRY !== "1";
const bench = await startBenchServer({
  direct,
  vars: { QUIZ_ROOM_TIMINGS: "1", ...(RELAYS > 0 ? { QUIZ_RELAY_PLAYERS: String(PLAYERS_PER_RELAY) } : {}) },
  onOutputLine: (line) => {
    const timing = TIMING_LINE.exec(line);
    if (timing) {
      const [room, role, ms, frames, largest] = timing.slice(1) as [string, string, string, string, string];
      timings.push({ at: Date.now(), room, role, ms: Number(ms), frames: Number(frames), largest: Number(largest) });
    } else if (line.trim() !== "") console.error(line);
  },
});
const threads: PlayerThread[] = [];
const { url } = bench.server;
const wsUrl = url.replace(/^http/, "ws");
try {
  const schedule = JSON.parse(readFileSync(join(ROOT, "tests/fixtures/frab-small.schedule.json"), "utf8"));
  await bench.admin.importSchedule("bench-quiz", schedule);
  await bench.admin.upsertMember("bench-quiz", {
    email: "bench-moderator@example.org",
    name: "Bench",
    password: "bench-pass",
    isModerator: true,
  });
  const login = await post<{ data: { token: string } }>(`${url}/api/event-engagement/bench-quiz/user-login`, {
    email: "bench-moderator@example.org",
    password: "bench-pass",
  });
  const moderatorToken = login.data.token;
  const schedulePayload = await json<{ data: { presentations: { _id: number }[] } }>(
    await fetch(`${url}/api/public/schedule/bench-quiz`),
  );
  const presentationId = schedulePayload.data.presentations[0]?._id as number;
  const questions = Array.from({ length: QUESTIONS }, (_, index) => ({
    question: `Question ${index + 1}`,
    options: ["A", "B", "C", "D"].map((option, optionIndex) => ({ option, correct: optionIndex === index % 4 })),
  }));
  await fetch(`${url}/api/quiz/${presentationId}/questions`, {
    method: "PUT",
    headers: { "content-type": "application/json", authorization: `Bearer ${moderatorToken}` },
    body: JSON.stringify({ questions }),
  }).then((response) => json(response));
  const { code } = await post<{ code: string }>(`${url}/api/quiz/get-code`, { _id: presentationId }, moderatorToken);

  // Join: quiz login over HTTP, then the socket.
  const joinStart = performance.now();
  const players: Player[] = [];
  await inBatches(
    Array.from({ length: PLAYERS }, (_, i) => i),
    JOIN_CONCURRENCY,
    async (i) => {
      const login = () =>
        post<{ id: string; token: string }>(`${url}/api/quiz/login`, {
          code,
          name: `Player ${i}`,
          deviceId: `bench-device-${i}`,
        });
      // A connection the loaded server dropped is tried again, as a phone would; the same device
      // finds its player again. A refusal (an HTTP error) is not retried.
      const joined = await login().catch((error) => (error instanceof TypeError ? login() : Promise.reject(error)));
      players.push({ id: joined.id, token: joined.token });
    },
  );
  const loginMs = performance.now() - joinStart;
  console.log(`${PLAYERS} quiz logins in ${(loginMs / 1000).toFixed(1)} s; opening the sockets…`);

  /** Per question: when the moderator's command left the bench, on the wall clock. */
  const questionShownAt: number[] = [];
  /** Per question: when the room decided it (the `question_shown` event's time, from the room's clock). */
  const questionDecidedAt: number[] = [];
  const receiveDelays: number[][] = Array.from({ length: QUESTIONS }, () => []);
  /** The same, to when the question's bytes reached the player's socket, before the bench decompressed them. */
  const arrivalDelays: number[][] = Array.from({ length: QUESTIONS }, () => []);
  /** Per question: from the moderator's command to the room's reply to every player's answer. */
  const questionMs: number[] = [];
  /** Per question: the rooms' own time (roomTime). */
  const questionRoomTime: ReturnType<typeof roomTime>[] = [];
  /** Per question: CPU seconds of the server's process and of the bench's. */
  const questionCpu: { server: number; bench: number }[] = [];
  /** Per question: the players' threads' event-loop delay (the worst thread's p99 and max) and use while receiving it. */
  const questionLag: { p99: number; max: number; busy: number }[] = [];
  let firstReceiptAt = Number.POSITIVE_INFINITY;
  /** The compression the room's answer to a player's upgrade settled on. */
  let negotiated = "";
  let finished = false;
  const totals = () => {
    const sum = { acked: 0, refused: 0, reconnects: 0, lastAckAt: 0, refusals: new Map<string, number>() };
    for (const { totals } of threads) {
      if (!totals) continue;
      sum.acked += totals.acked;
      sum.refused += totals.refused;
      sum.reconnects += totals.reconnects;
      sum.lastAckAt = Math.max(sum.lastAckAt, totals.lastAckAt);
      for (const [code, count] of totals.refusals) sum.refusals.set(code, (sum.refusals.get(code) ?? 0) + count);
    }
    return sum;
  };
  const threadsConnected = Array.from({ length: THREADS }, (_, index) => {
    const setup: PlayersSetup = {
      socketUrl: `${wsUrl}/parties/quiz-room/${presentationId}?role=player`,
      players: players.filter((_, position) => position % THREADS === index),
      compression: values.compression === "on",
      thinkMs: THINK_MS,
      concurrency: Math.max(1, Math.round(JOIN_CONCURRENCY / THREADS)),
    };
    // tsx's loader is not inherited by worker threads on Node 20: the thread imports through it.
    const url = new URL("./quiz-players.ts", import.meta.url).href;
    const worker = new Worker(
      `import { tsImport } from "tsx/esm/api"; await tsImport(${JSON.stringify(url)}, ${JSON.stringify(import.meta.url)});`,
      { eval: true, workerData: setup },
    );
    const thread: PlayerThread = { worker, totals: undefined, lags: [] };
    threads.push(thread);
    return new Promise<void>((resolve, reject) => {
      worker.once("error", reject);
      worker.on("message", (message: FromPlayers) => {
        if (message.type === "connected") {
          if (message.extensions !== null) negotiated = message.extensions || "none";
          resolve();
        } else if (message.type === "failed") reject(new Error(message.message));
        else if (message.type === "lag") thread.lags.shift()?.(message);
        else {
          thread.totals = message;
          for (const [question, at, arrivedAt] of message.receipts) {
            firstReceiptAt = Math.min(firstReceiptAt, at);
            receiveDelays[question]?.push(at - (questionShownAt[question] as number));
            arrivalDelays[question]?.push(arrivedAt - (questionShownAt[question] as number));
          }
        }
      });
    });
  });
  const ask = (thread: PlayerThread, message: ToPlayers) => thread.worker.postMessage(message);
  await Promise.all(threadsConnected);
  const joinMs = performance.now() - joinStart;
  const rssWithSockets = serverRssMb();

  const moderator = new WebSocket(
    `${wsUrl}/parties/quiz-room/${presentationId}?role=moderator&token=${moderatorToken}`,
  );
  let connected = 0;
  moderator.on("close", (code) => {
    if (!finished) console.error(`moderator socket closed (${code})`);
  });
  moderator.on("message", (raw) => {
    const message = JSON.parse(String(raw)) as QuizServerMessage;
    if (message.type === "counters") connected = message.connected;
    // The room's clock when it decided the command: the same machine's clock as the bench's.
    if (message.type === "events") {
      for (const event of message.events) {
        if (event.type === "question_shown")
          questionDecidedAt[(event.data as { questionIndex: number }).questionIndex] = event.at;
      }
    }
    if (message.type === "error") console.error(`moderator command refused: ${message.code}`);
  });
  await new Promise((resolve) => moderator.once("open", resolve));
  await until(
    () => connected === PLAYERS,
    () => `${PLAYERS} connected players (now ${connected})`,
  );

  // The lag before the quiz (the sockets opening) is not a question's.
  const lagOfThreads = () =>
    Promise.all(
      threads.map(
        (thread) =>
          new Promise<{ p99: number; max: number; busy: number }>((resolve) => {
            thread.lags.push(resolve);
            ask(thread, { type: "lag" });
          }),
      ),
    );
  await lagOfThreads();
  for (let index = 0; index < QUESTIONS; index++) {
    const cpuBefore = cpuMs();
    const windowStart = Date.now();
    const type = index === 0 ? "start_quiz" : "next_question";
    questionShownAt[index] = wallClock();
    moderator.send(JSON.stringify({ type: "command", command: { type } }));
    const expected = (index + 1) * PLAYERS;
    await until(
      () => {
        const { acked, refused } = totals();
        return acked + refused >= expected;
      },
      () => `answers to question ${index + 1} (${totals().acked + totals().refused}/${expected})`,
    );
    questionMs.push(totals().lastAckAt - (questionShownAt[index] as number));
    const cpuAfter = cpuMs();
    questionCpu.push({ server: cpuAfter.server - cpuBefore.server, bench: cpuAfter.bench - cpuBefore.bench });
    // The rooms' last lines of the question reach the bench through the runtime's output.
    await new Promise((resolve) => setTimeout(resolve, 100));
    questionRoomTime.push(roomTime(windowStart, Date.now()));
    const lags = await lagOfThreads();
    questionLag.push({
      p99: Math.max(...lags.map((lag) => lag.p99)),
      max: Math.max(...lags.map((lag) => lag.max)),
      busy: Math.max(...lags.map((lag) => lag.busy)),
    });
  }
  moderator.send(JSON.stringify({ type: "command", command: { type: "final" } }));

  const exported = await fetch(`${url}/api/quiz/${presentationId}/events`, {
    headers: { authorization: `Bearer ${moderatorToken}` },
  }).then((response) => response.text());
  const recorded = exported.split("\n").filter((line) => line.includes('"type":"answer_submitted"')).length;
  const sent = QUESTIONS * PLAYERS;
  const allDelays = receiveDelays.map((delays) => [...delays].sort((a, b) => a - b));
  /** In question order; sorted for the percentile. */
  const lastReceived = allDelays.map((delays) => delays[delays.length - 1] ?? Number.NaN);
  const everyDelay = allDelays.flat().sort((a, b) => a - b);
  const lastArrived = arrivalDelays.map((delays) => Math.max(...delays));
  const { acked, refused, refusals, reconnects, lastAckAt } = totals();
  const firstAnswerAt = firstReceiptAt + (THINK_MS > 0 ? 500 : 0);
  const answersPerSecond = acked / ((lastAckAt - firstAnswerAt) / 1000);

  console.log(`
Quiz benchmark: ${PLAYERS} players over ${THREADS} threads, ${RELAYS > 0 ? `sharded over ${RELAYS} relays of ${PLAYERS_PER_RELAY} players` : "one room (not sharded)"}, ${QUESTIONS} questions, answers ${THINK_MS > 0 ? `0.5–${THINK_MS / 1000} s after each question` : "at once"}, compression ${values.compression} (players' sockets negotiated: ${negotiated}), ${direct ? "straight to the Worker, as clients reach it in production" : "through Miniflare's entry worker (BENCH_ENTRY=1)"}
join: ${(loginMs / 1000).toFixed(1)} s for the quiz logins, ${(joinMs / 1000).toFixed(1)} s until every socket was open
command → player delay over all deliveries: p50 ${percentile(everyDelay, 50).toFixed(0)} ms, p99 ${percentile(everyDelay, 99).toFixed(0)} ms
command → last player, per question in order: ${lastReceived.map((ms) => `${ms.toFixed(0)} ms`).join(", ")}
command → the last player's socket receiving the question's bytes (before the bench decompresses them), per question: ${lastArrived.map((ms) => `${ms.toFixed(0)} ms`).join(", ")}
command → the room deciding it, per question: ${questionDecidedAt.map((at, index) => `${(at - (questionShownAt[index] as number)).toFixed(0)} ms`).join(", ")}
room deciding → first / last player, per question: ${allDelays.map((delays, index) => `${((delays[0] ?? Number.NaN) + (questionShownAt[index] as number) - (questionDecidedAt[index] as number)).toFixed(0)} / ${((delays[delays.length - 1] ?? Number.NaN) + (questionShownAt[index] as number) - (questionDecidedAt[index] as number)).toFixed(0)} ms`).join(", ")}
command → every answer answered by the room, per question: ${questionMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(", ")}
players' event-loop delay per question, p99 / max of the worst thread: ${questionLag.map(({ p99, max }) => `${p99.toFixed(0)} / ${max.toFixed(0)} ms`).join(", ")}
players' busiest thread while the question reached its players (event-loop use): ${questionLag.map(({ busy }) => `${(busy * 100).toFixed(0)} %`).join(", ")}
authority's loop for the command (measured in the room, workerd), per question: ${questionRoomTime.map(({ command }) => `${command.toFixed(1)} ms`).join(", ")}
authority's time deciding the answers, per question: ${questionRoomTime.map(({ answers, answerFrames }) => `${answers.toFixed(0)} ms over ${answerFrames} frames`).join(", ")}
${
  RELAYS > 0
    ? `a relay's largest loop over the authority's events (the command's), per question: ${questionRoomTime.map(({ relayLargest }) => `${relayLargest.toFixed(1)} ms`).join(", ")}
relays' time together (events and their players' frames), per question: ${questionRoomTime.map(({ relayTotal }) => `${relayTotal.toFixed(0)} ms`).join(", ")}
`
    : ""
}authority's loop per command (median of the questions): ${percentile(
    questionRoomTime.map(({ command }) => command).sort((a, b) => a - b),
    50,
  ).toFixed(1)} ms
CPU per question, workerd (every room) / bench (all players): ${questionCpu.map(({ server, bench }) => `${(server / 1000).toFixed(1)} / ${(bench / 1000).toFixed(1)} s`).join(", ")}
server's memory (workerd's resident set): ${rssWithSockets.toFixed(0)} MB once every socket was open, ${serverRssMb().toFixed(0)} MB at the end
sockets reconnected during the run: ${reconnects}
answers accepted: ${acked} (${answersPerSecond.toFixed(0)}/s), refused: ${refused}${refused > 0 ? ` (${[...refusals].map(([code, count]) => `${code}: ${count}`).join(", ")})` : ""}, in the room's log: ${recorded}
command → last player p99: ${percentile(
    [...lastReceived].sort((a, b) => a - b),
    99,
  ).toFixed(0)} ms (bytes at the player's socket: ${percentile(
    [...lastArrived].sort((a, b) => a - b),
    99,
  ).toFixed(0)} ms)
lost: ${sent - recorded}
${snapshotReport()}`);
  finished = true;
  for (const thread of threads) ask(thread, { type: "close" });
  moderator.close(1000);
} finally {
  // A thread still open (a failed run) would keep the bench from exiting.
  await Promise.all(threads.map((thread) => thread.worker.terminate()));
  await bench.dispose();
}
