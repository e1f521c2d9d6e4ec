// npm run bench:quiz -- --players N --questions Q
// N WebSocket players join a quiz room of a local server, the moderator runs Q questions (5 by
// default) and every player answers each, after a reading time (--think-ms, 0 for at once).
// Prints the join time, the delay from a moderator command to the last player receiving it
// (p50/p99), answers accepted per second, `lost: <count>`, and the room's stored snapshot at the
// end (rows, bytes, largest row, time per snapshot), read from its SQLite file.
// The Worker runs in workerd alone (--server workerd, the default) or under `wrangler dev`
// (--server wrangler-dev, which holds up to about 2,000 players: see docs/benchmarks.md).
// Players offer permessage-deflate as browsers do (--compression off: they do not, and the room
// then sends plain frames). Prints the CPU time the room's process and the bench's own process
// (all players: one Node process) spent on each question, to tell which side bounds a run.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import type { PlayerView, QuizServerMessage } from "@core/protocol/quiz";
import WebSocket from "ws";
import { ROOT } from "../lib/local-server";
import { percentile, startBenchServer } from "./bench-server";

const { values } = parseArgs({
  options: {
    players: { type: "string", default: "500" },
    questions: { type: "string", default: "5" },
    "think-ms": { type: "string", default: "3000" },
    server: { type: "string", default: "workerd" },
    compression: { type: "string", default: "on" },
  },
});
if (values.server !== "workerd" && values.server !== "wrangler-dev")
  throw new Error("--server is workerd or wrangler-dev");
if (values.compression !== "on" && values.compression !== "off") throw new Error("--compression is on or off");
const PLAYERS = Number(values.players);
/** Players answer after reading, spread over 0.5 s to this many ms, as people in a room do. 0: at once. */
const THINK_MS = Number(values["think-ms"]);
const QUESTIONS = Number(values.questions);
if (!Number.isInteger(QUESTIONS) || QUESTIONS < 1) throw new Error("--questions is a positive integer");
const JOIN_CONCURRENCY = 32;
/** Every wait is bounded: the benchmark stops by itself. */
const STEP_TIMEOUT_MS = 60_000;

interface Player {
  id: string;
  token: string;
  socket?: WebSocket;
  view?: PlayerView;
  /** Questions whose first delivery was timed. */
  seen: Set<number>;
  /** The question an answer is on its way for. */
  pending?: number | undefined;
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

function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + STEP_TIMEOUT_MS;
  return new Promise((resolve, reject) => {
    const poll = () => {
      if (check()) resolve();
      else if (Date.now() > deadline) reject(new Error(`timed out waiting for ${what}`));
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

/** CPU ms used so far by the bench's process and by the server's (workerd, its child; Linux only). */
function cpuMs(): { bench: number; server: number } {
  const own = process.cpuUsage();
  let server = Number.NaN;
  try {
    const [pid] = execFileSync("pgrep", ["-P", String(process.pid), "workerd"], { encoding: "utf8" })
      .trim()
      .split("\n");
    // Fields 14 and 15 of /proc/<pid>/stat: user and system time in clock ticks (100 a second).
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
    server = (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    // No /proc or no workerd child (--server wrangler-dev): the server's time is not shown.
  }
  return { bench: (own.user + own.system) / 1000, server };
}

const bench = await startBenchServer({ runtime: values.server });
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
      players.push({ id: joined.id, token: joined.token, seen: new Set() });
    },
  );
  const loginMs = performance.now() - joinStart;
  console.log(`${PLAYERS} quiz logins in ${(loginMs / 1000).toFixed(1)} s; opening the sockets…`);

  let questionShownAt = 0;
  const receiveDelays: number[][] = Array.from({ length: QUESTIONS }, () => []);
  /** Per question: from the moderator's command to the room's reply to every player's answer. */
  const questionMs: number[] = [];
  /** Per question: CPU seconds of the server's process and of the bench's. */
  const questionCpu: { server: number; bench: number }[] = [];
  let acked = 0;
  let refused = 0;
  /** Why the room refused answers, by error code. */
  const refusals = new Map<string, number>();
  let firstAnswerAt = 0;
  let lastAckAt = 0;
  let reconnects = 0;
  let finished = false;
  /** A player's socket, reconnecting like the real client does when the connection drops. */
  const connect = (player: Player): Promise<void> => {
    const socket = new WebSocket(`${wsUrl}/parties/quiz-room/${presentationId}?role=player&token=${player.token}`, {
      perMessageDeflate: values.compression === "on",
    });
    player.socket = socket;
    player.pending = undefined;
    socket.on("message", (raw) => {
      const message = JSON.parse(String(raw)) as QuizServerMessage;
      if (message.type === "answer_ack") {
        acked++;
        lastAckAt = performance.now();
      } else if (message.type === "error") {
        refused++;
        refusals.set(message.code, (refusals.get(message.code) ?? 0) + 1);
      } else if (message.type === "player_view") {
        player.view = message.view;
        const question = message.view.question;
        if (message.view.phase !== "answering" || !question || message.view.myAnswer) return;
        if (!player.seen.has(question.id)) {
          player.seen.add(question.id);
          receiveDelays[question.index]?.push(performance.now() - questionShownAt);
          firstAnswerAt ||= performance.now() + (THINK_MS > 0 ? 500 : 0);
        }
        if (player.pending === question.id) return;
        player.pending = question.id;
        const optionId = question.optionIds[Math.floor(Math.random() * question.optionIds.length)];
        const answer = () =>
          socket.send(JSON.stringify({ type: "answer", questionId: question.id, optionIds: [optionId] }));
        if (THINK_MS > 0) setTimeout(answer, 500 + Math.random() * Math.max(0, THINK_MS - 500));
        else answer();
      }
    });
    return new Promise<void>((resolve, reject) => {
      socket.once("open", () => {
        socket.on("error", () => {});
        socket.once("close", () => {
          if (finished) return;
          reconnects++;
          setTimeout(() => void connect(player).catch(() => {}), 500 + Math.random() * 1_000);
        });
        resolve();
      });
      socket.once("error", reject);
    });
  };
  await inBatches(players, JOIN_CONCURRENCY, async (player) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await connect(player);
      } catch (error) {
        if (attempt === 3) throw error;
      }
    }
  });
  const joinMs = performance.now() - joinStart;

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
    if (message.type === "error") console.error(`moderator command refused: ${message.code}`);
  });
  await new Promise((resolve) => moderator.once("open", resolve));
  await until(() => connected === PLAYERS, `${PLAYERS} connected players (now ${connected})`);

  for (let index = 0; index < QUESTIONS; index++) {
    questionShownAt = performance.now();
    const cpuBefore = cpuMs();
    const type = index === 0 ? "start_quiz" : "next_question";
    moderator.send(JSON.stringify({ type: "command", command: { type } }));
    const expected = (index + 1) * PLAYERS;
    await until(() => acked + refused >= expected, `answers to question ${index + 1} (${acked + refused}/${expected})`);
    questionMs.push(performance.now() - questionShownAt);
    const cpuAfter = cpuMs();
    questionCpu.push({ server: cpuAfter.server - cpuBefore.server, bench: cpuAfter.bench - cpuBefore.bench });
  }
  moderator.send(JSON.stringify({ type: "command", command: { type: "final" } }));

  const exported = await fetch(`${url}/api/quiz/${presentationId}/events`, {
    headers: { authorization: `Bearer ${moderatorToken}` },
  }).then((response) => response.text());
  const recorded = exported.split("\n").filter((line) => line.includes('"type":"answer_submitted"')).length;
  const sent = QUESTIONS * PLAYERS;
  const allDelays = receiveDelays.map((delays) => [...delays].sort((a, b) => a - b));
  const lastReceived = allDelays.map((delays) => delays[delays.length - 1] ?? Number.NaN).sort((a, b) => a - b);
  const everyDelay = allDelays.flat().sort((a, b) => a - b);
  const answersPerSecond = acked / ((lastAckAt - firstAnswerAt) / 1000);

  console.log(`
Quiz benchmark (${values.server}): ${PLAYERS} players, ${QUESTIONS} questions, answers ${THINK_MS > 0 ? `0.5–${THINK_MS / 1000} s after each question` : "at once"}, compression ${values.compression}
join: ${(loginMs / 1000).toFixed(1)} s for the quiz logins, ${(joinMs / 1000).toFixed(1)} s until every socket was open
command → player delay over all deliveries: p50 ${percentile(everyDelay, 50).toFixed(0)} ms, p99 ${percentile(everyDelay, 99).toFixed(0)} ms
command → last player, per question: ${lastReceived.map((ms) => `${ms.toFixed(0)} ms`).join(", ")}
command → every answer answered by the room, per question: ${questionMs.map((ms) => `${(ms / 1000).toFixed(1)} s`).join(", ")}
CPU per question, server / bench (all players): ${questionCpu.map(({ server, bench }) => `${(server / 1000).toFixed(1)} / ${(bench / 1000).toFixed(1)} s`).join(", ")}
sockets reconnected during the run: ${reconnects}
answers accepted: ${acked} (${answersPerSecond.toFixed(0)}/s), refused: ${refused}${refused > 0 ? ` (${[...refusals].map(([code, count]) => `${code}: ${count}`).join(", ")})` : ""}, in the room's log: ${recorded}
command → last player p99: ${percentile(lastReceived, 99).toFixed(0)} ms
lost: ${sent - recorded}
${snapshotReport()}`);
  finished = true;
  for (const player of players) player.socket?.close(1000);
  moderator.close(1000);
} finally {
  await bench.dispose();
}
