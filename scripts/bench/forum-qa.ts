// npm run bench:forum -- --qa [--clients 1000] [--votes 20] [--questions 2] [--seconds 60] [--voters 200]
// Audience Q&A through a talk's forum room (docs/qa.md): N WebSocket clients follow the room and
// fold its Q&A changes with the web's own kernel (core/qa/qa-state.ts), re-sorting by votes after
// every message, while members ask `questions` questions and cast `votes` votes a second through
// the REST API. Every vote is a new member's vote for a question, so a question's count only
// grows and each `(question, votes)` pair names one vote. Prints the vote → re-sorted list delay
// on every client (p50/p99/max), the ask → shown delay, the API latencies, the machine's load
// before and after, and whether every client ended on the same order as the API's list.
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import type { QaChange } from "@core/qa/changes";
import { applyQaChange, emptyQaState, openQuestions, type QaState } from "@core/qa/qa-state";
import { sortQuestions } from "@core/qa/rules";
import WebSocket from "ws";
import { ROOT } from "../lib/local-server";
import { inBatches, json, until } from "./bench-calls";
import { percentile, startBenchServer } from "./bench-server";

const SLUG = "bench-qa";
const CONNECT_CONCURRENCY = 50;
const CONNECT_TIMEOUT_MS = 180_000;
const DRAIN_TIMEOUT_MS = 30_000;
const PASSWORD = "bench-pass";

interface Client {
  socket: WebSocket;
  state: QaState;
  /** When the list was re-sorted with each `(question, votes)` and each question first shown. */
  voteSorted: Map<string, number>;
  questionShown: Map<number, number>;
}

/** The Q&A changes of one room message (one change, or one broadcast window's). */
function qaChanges(raw: string): QaChange[] {
  const message = JSON.parse(raw) as { type: string; change?: QaChange; changes?: { change: QaChange }[] };
  const changes = message.type === "change" ? [message.change] : (message.changes ?? []).map((entry) => entry.change);
  return changes.filter((change): change is QaChange => change?.type.startsWith("qa_") ?? false);
}

function connect(url: string): Promise<Client> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const client: Client = { socket, state: emptyQaState, voteSorted: new Map(), questionShown: new Map() };
    const timer = setTimeout(() => reject(new Error("no hello within 30 s")), 30_000);
    socket.on("message", (raw) => {
      const text = String(raw);
      if (text.startsWith('{"type":"hello"')) {
        clearTimeout(timer);
        resolve(client);
        return;
      }
      const changes = qaChanges(text);
      if (changes.length === 0) return;
      client.state = changes.reduce((state, change) => applyQaChange(state, change, false), client.state);
      // What a page does on each message: the list in its order, from which it renders.
      openQuestions(client.state, "votes");
      const now = performance.now();
      for (const change of changes) {
        if (change.type === "qa_votes") client.voteSorted.set(`${change.data.id}:${change.data.votes}`, now);
        if (change.type === "qa_question" && !client.questionShown.has(change.data.question.id))
          client.questionShown.set(change.data.question.id, now);
      }
    });
    socket.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}

export async function runQaBench(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      qa: { type: "boolean" },
      clients: { type: "string", default: "1000" },
      votes: { type: "string", default: "20" },
      questions: { type: "string", default: "2" },
      seconds: { type: "string", default: "60" },
      voters: { type: "string", default: "200" },
    },
  });
  const CLIENTS = Number(values.clients);
  const VOTES_PER_SECOND = Number(values.votes);
  const QUESTIONS_PER_SECOND = Number(values.questions);
  const SECONDS = Number(values.seconds);
  const VOTERS = Number(values.voters);
  const loadBefore = loadavg();

  const bench = await startBenchServer();
  const { url } = bench.server;
  const clients: Client[] = [];
  try {
    const schedule = JSON.parse(readFileSync(join(ROOT, "tests/fixtures/frab-small.schedule.json"), "utf8"));
    await bench.admin.importSchedule(SLUG, { ...schedule, engagement: { forum: true, allowAnonymousAccess: true } });
    const { data } = await json<{ data: { presentations: { _id: number }[] } }>(
      await fetch(`${url}/api/public/schedule/${SLUG}`),
    );
    const presentationId = data.presentations[0]?._id;
    if (presentationId === undefined) throw new Error("the imported schedule has no presentation");

    // Members who vote and ask: asks are limited to 5 a minute each, votes to one per question each.
    const tokens: string[] = [];
    await inBatches(
      Array.from({ length: VOTERS }, (_, index) => index),
      10,
      async (index) => {
        const email = `bench-voter-${index}@example.org`;
        await bench.admin.upsertMember(SLUG, { email, name: `Voter ${index}`, password: PASSWORD });
        const login = await json<{ data: { token: string } }>(
          await fetch(`${url}/api/event-engagement/${SLUG}/user-login`, {
            method: "POST",
            headers: { "content-type": "application/json", "cf-connecting-ip": `198.51.100.${index % 250}` },
            body: JSON.stringify({ email, password: PASSWORD }),
          }),
        );
        tokens[index] = login.data.token;
      },
    );

    // Readers of an open event: anonymous sockets, as most of an audience's phones.
    const roomUrl = `${url.replace(/^http/, "ws")}/parties/forum-room/${presentationId}`;
    const connectStart = performance.now();
    let connectFailures = 0;
    const connecting = inBatches(
      Array.from({ length: CLIENTS }, (_, index) => index),
      CONNECT_CONCURRENCY,
      async () => {
        try {
          clients.push(await connect(roomUrl));
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

    const call = async (method: string, path: string, token: string, body?: unknown) => {
      const started = performance.now();
      const response = await fetch(`${url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(DRAIN_TIMEOUT_MS),
      });
      const answer = (await response.json()) as { data?: { id: number; votes: number } };
      return { status: response.status, data: answer.data, ms: performance.now() - started, started };
    };

    const questionIds: number[] = [];
    const askedAt = new Map<number, number>();
    const votes: { key: string; sentAt: number }[] = [];
    const voted = new Set<string>();
    const askMs: number[] = [];
    const voteMs: number[] = [];
    const failures = new Map<string, number>();
    const fail = (reason: string): void => {
      failures.set(reason, (failures.get(reason) ?? 0) + 1);
    };
    const sends: Promise<void>[] = [];
    let asker = 0;
    let voter = 0;

    const ask = async (number: number) => {
      const answer = await call("POST", `/api/qa/${presentationId}/questions`, tokens[asker++ % VOTERS] as string, {
        question: `Bench question #${number}: what about scaling?`,
      }).catch(() => undefined);
      if (answer?.status !== 201 || !answer.data) return fail(`ask ${answer?.status ?? "network"}`);
      askMs.push(answer.ms);
      questionIds.push(answer.data.id);
      askedAt.set(answer.data.id, answer.started);
    };
    const vote = async () => {
      // A member who has not voted for the question yet: every vote adds one.
      for (let tries = 0; tries < 20 && questionIds.length > 0; tries++) {
        const who = voter++ % VOTERS;
        const questionId = questionIds[Math.floor(Math.random() * questionIds.length)] as number;
        if (voted.has(`${who}:${questionId}`)) continue;
        voted.add(`${who}:${questionId}`);
        const answer = await call("POST", `/api/qa/questions/${questionId}/vote`, tokens[who] as string).catch(
          () => undefined,
        );
        if (answer?.status !== 200 || !answer.data) return fail(`vote ${answer?.status ?? "network"}`);
        voteMs.push(answer.ms);
        votes.push({ key: `${questionId}:${answer.data.votes}`, sentAt: answer.started });
        return;
      }
    };

    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    // One tick per vote slot; questions go out on their own slots of the same clock.
    const runStart = performance.now();
    const totalVotes = VOTES_PER_SECOND * SECONDS;
    const totalQuestions = QUESTIONS_PER_SECOND * SECONDS;
    const slots = [
      ...Array.from({ length: totalQuestions }, (_, n) => ({ at: (n * 1000) / QUESTIONS_PER_SECOND, kind: "ask", n })),
      ...Array.from({ length: totalVotes }, (_, n) => ({ at: 250 + (n * 1000) / VOTES_PER_SECOND, kind: "vote", n })),
    ].sort((a, b) => a.at - b.at);
    for (const slot of slots) {
      const wait = runStart + slot.at - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      sends.push(slot.kind === "ask" ? ask(slot.n) : vote());
    }
    const sendingSeconds = (performance.now() - runStart) / 1000;
    await Promise.all(sends);

    const missingNow = () => {
      let missing = 0;
      for (const client of clients) {
        for (const { key } of votes) if (!client.voteSorted.has(key)) missing++;
        for (const id of questionIds) if (!client.questionShown.has(id)) missing++;
      }
      return missing;
    };
    const everyoneHasAll = await until(() => missingNow() === 0, DRAIN_TIMEOUT_MS);
    loopDelay.disable();

    const voteDelays: number[] = [];
    const askDelays: number[] = [];
    for (const client of clients) {
      for (const { key, sentAt } of votes) {
        const at = client.voteSorted.get(key);
        if (at !== undefined) voteDelays.push(at - sentAt);
      }
      for (const [id, sentAt] of askedAt) {
        const at = client.questionShown.get(id);
        if (at !== undefined) askDelays.push(at - sentAt);
      }
    }
    for (const list of [voteDelays, askDelays, askMs, voteMs]) list.sort((a, b) => a - b);

    // Converged: every client's order is the order of the API's list, sorted by the same rule.
    // Requests the clients gave up on may still land on a loaded server: wait until it settles.
    type Listed = { data: { questions: Parameters<typeof sortQuestions>[0] } };
    const orderOf = (questions: Parameters<typeof sortQuestions>[0]) =>
      questions.map((question) => `${question.id}:${question.votes}`).join(",");
    const clientOrders = () => {
      const orders = new Map<string, number>();
      for (const client of clients) {
        const order = orderOf(openQuestions(client.state, "votes"));
        orders.set(order, (orders.get(order) ?? 0) + 1);
      }
      return orders;
    };
    let orders = clientOrders();
    let listedCount = 0;
    let converged = false;
    const settleBy = Date.now() + DRAIN_TIMEOUT_MS;
    while (!converged && Date.now() < settleBy) {
      const listed = await json<Listed>(await fetch(`${url}/api/qa/${presentationId}/questions`));
      const expected = orderOf(sortQuestions(listed.data.questions, "votes"));
      listedCount = listed.data.questions.length;
      converged = await until(() => {
        orders = clientOrders();
        return orders.size === 1 && orders.has(expected);
      }, 2_000);
    }
    const ms = (value: number) => `${value.toFixed(0)} ms`;
    const load = (values: number[]) => values.map((value) => value.toFixed(2)).join(" ");

    console.log(`
Q&A benchmark: ${clients.length} clients in one talk's forum room; ${totalQuestions} questions at ${QUESTIONS_PER_SECOND}/s and ${totalVotes} votes at ${VOTES_PER_SECOND}/s by ${VOTERS} members (sent over ${sendingSeconds.toFixed(1)} s)
load average (1, 5, 15 min): before ${load(loadBefore)}, after ${load(loadavg())}
connect: ${clients.length} sockets in ${(connectMs / 1000).toFixed(1)} s; failed: ${connectFailures}
POST ask: p50 ${ms(percentile(askMs, 50))}, p99 ${ms(percentile(askMs, 99))}; POST vote: p50 ${ms(percentile(voteMs, 50))}, p99 ${ms(percentile(voteMs, 99))}; failed: ${[...failures].map(([reason, count]) => `${reason}: ${count}`).join(", ") || 0}
vote sent → list re-sorted on the client, over ${voteDelays.length} deliveries: p50 ${ms(percentile(voteDelays, 50))}, p99 ${ms(percentile(voteDelays, 99))}, max ${ms(voteDelays.at(-1) ?? Number.NaN)}
question asked → shown on the client, over ${askDelays.length} deliveries: p50 ${ms(percentile(askDelays, 50))}, p99 ${ms(percentile(askDelays, 99))}, max ${ms(askDelays.at(-1) ?? Number.NaN)}
this process's event-loop delay while sending (the clients' own lag): p99 ${ms(loopDelay.percentile(99) / 1e6)}, max ${ms(loopDelay.max / 1e6)}
every client received every question and vote: ${everyoneHasAll ? "yes" : "no"}
sockets closed by the server: ${clients.filter((client) => client.socket.readyState !== WebSocket.OPEN).length}
converged: ${converged ? "yes" : "no"} (${orders.size} distinct order${orders.size === 1 ? "" : "s"} over ${clients.length} clients, ${listedCount} open questions in the API's list)`);
  } finally {
    for (const client of clients) client.socket.close(1000);
    await bench.dispose();
  }
}
