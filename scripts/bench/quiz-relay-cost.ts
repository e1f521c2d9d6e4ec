// npm run bench:quiz-relays -- [--players 20000] [--relays 1,2,4,8] [--questions 3]
// The sharded quiz's rooms' own work, in Node, without a runtime or a network (as
// scripts/bench/quiz-fan-out.ts does for the single room): the authority (party/quiz-session.ts)
// linked to R relays (party/quiz-relay-session.ts) by in-memory links that hand each frame over at
// once, every relay holding N / R players whose sockets only keep the text. For each R at the
// same N it prints, per moderator command (a question shown, its result shown), the authority's
// time (decide, append, one send per relay) and one relay's time (fold, ranking, its players'
// views and sends), and per question the authority's time deciding the N answers, which come in
// batches of up to 200 per relay. CPU time of this one thread: the authority's and the relays'
// are timed apart, as they run on different machines once deployed.
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import type { StoredEvent } from "@core/protocol/stored-event";
import type { QuizQuestion } from "@core/quiz/model";
import type { QuizPeer } from "../../party/quiz-player-channel";
import { QuizRelaySession } from "../../party/quiz-relay-session";
import { QuizSession } from "../../party/quiz-session";

const { values } = parseArgs({
  options: {
    players: { type: "string", default: "20000" },
    relays: { type: "string", default: "1,2,4,8" },
    questions: { type: "string", default: "3" },
  },
});
const PLAYERS = Number(values.players);
const QUESTIONS = Number(values.questions);
const RELAY_COUNTS = values.relays.split(",").map(Number);

const questions: QuizQuestion[] = Array.from({ length: QUESTIONS }, (_, index) => ({
  id: index + 1,
  isSurvey: false,
  optionIds: [1, 2, 3, 4].map((option) => (index + 1) * 10 + option),
  correctOptionIds: [(index + 1) * 10 + 1 + (index % 4)],
  limitMs: 30_000,
}));

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;

async function run(relayCount: number, players = PLAYERS, quiet = false) {
  const PLAYERS = players;
  let now = 1_000_000;
  const timers: { at: number; work: () => void; cancelled: boolean }[] = [];
  const after = (ms: number, work: () => void) => {
    const timer = { at: now + ms, work, cancelled: false };
    timers.push(timer);
    return () => {
      timer.cancelled = true;
    };
  };
  const advance = (ms: number) => {
    const until = now + ms;
    for (;;) {
      const due = timers.filter((timer) => !timer.cancelled && timer.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      now = Math.max(now, due.at);
      due.cancelled = true;
      due.work();
    }
    timers.splice(0, timers.length, ...timers.filter((timer) => !timer.cancelled));
    now = until;
  };

  /** Time spent by each side: the authority, and every relay apart. Frames are queued, never nested. */
  const spent = { authority: 0, relays: new Array<number>(relayCount).fill(0) };
  const as = <T>(side: "authority" | number, work: () => T): T => {
    const started = performance.now();
    try {
      return work();
    } finally {
      const elapsed = performance.now() - started;
      if (side === "authority") spent.authority += elapsed;
      else spent.relays[side] = (spent.relays[side] as number) + elapsed;
    }
  };

  const log: StoredEvent[] = [];
  const links: QuizPeer[] = [];
  const relays: QuizRelaySession[] = [];
  /** Frames from the authority to each relay, delivered after the authority's work. */
  const down: string[][] = Array.from({ length: relayCount }, () => []);
  const up: string[][] = Array.from({ length: relayCount }, () => []);
  const authority = new QuizSession({
    log: {
      append: (events) => events.map((event) => log[log.push({ seq: log.length + 1, ...event }) - 1] as StoredEvent),
      readAfter: (seq, limit = Number.MAX_SAFE_INTEGER) => log.slice(seq, seq + limit),
    },
    rows: { read: () => undefined, write: () => {} },
    clock: { now: () => now },
    timers: { after, setAlarm: () => {}, deleteAlarm: () => {} },
    peers: { players: () => [], watchers: (role) => (role === "relay" ? links : []), countOpenPlayers: () => 0 },
    projections: { questions: async () => questions, status: () => {}, leaderboard: () => {}, answers: () => {} },
  });
  const perRelay = Math.ceil(PLAYERS / relayCount);
  const playersOf: QuizPeer[][] = [];
  for (let index = 0; index < relayCount; index++) {
    links.push({
      id: `relay-${index}`,
      identity: { role: "relay" },
      close() {},
      send: (text) => down[index]?.push(text),
    });
    const players: QuizPeer[] = Array.from({ length: Math.min(perRelay, PLAYERS - index * perRelay) }, (_, p) => {
      const id = `p${index * perRelay + p}`;
      return { id, identity: { role: "player", playerId: id, run: 1 }, close() {}, send() {} };
    });
    playersOf.push(players);
    relays.push(
      new QuizRelaySession({
        clock: { now: () => now },
        timers: { after },
        peers: { players: () => players, countOpenPlayers: () => players.length },
        uplink: { send: (text) => up[index]?.push(text) },
        outbox: { read: () => [], write: () => {}, remove: () => {} },
      }),
    );
  }
  const deliver = () => {
    let moved = true;
    while (moved) {
      moved = false;
      for (let index = 0; index < relayCount; index++) {
        for (const text of (up[index] as string[]).splice(0)) {
          moved = true;
          as("authority", () => authority.receive(links[index] as QuizPeer, text));
        }
        for (const text of (down[index] as string[]).splice(0)) {
          moved = true;
          as(index, () => relays[index]?.uplinkReceived(text));
        }
      }
    }
  };
  for (const [index, relay] of relays.entries()) {
    authority.connect(links[index] as QuizPeer);
    as(index, () => relay.uplinkOpened());
  }
  deliver();
  for (let p = 0; p < PLAYERS; p++) {
    void authority.addPlayer(`p${p}`, `Player ${p}`);
    if (p % 200 === 199) advance(10);
  }
  advance(200);
  deliver();
  for (const [index, relay] of relays.entries()) for (const peer of playersOf[index] ?? []) relay.connect(peer);
  advance(200);
  deliver();

  /** Per kind of command: a question shown (start_quiz, next_question) or its result shown. */
  const command = {
    shown: { authority: [] as number[], relay: [] as number[] },
    result: { authority: [] as number[], relay: [] as number[] },
  };
  const answering = { authority: [] as number[], batches: [] as number[] };
  const timeCommand = async (type: "start_quiz" | "next_question" | "show_result") => {
    spent.authority = 0;
    spent.relays.fill(0);
    const started = performance.now();
    await authority.moderate({ type });
    spent.authority = performance.now() - started;
    deliver();
    const kind = command[type === "show_result" ? "result" : "shown"];
    kind.authority.push(spent.authority);
    kind.relay.push(Math.max(...spent.relays));
  };
  for (let q = 0; q < QUESTIONS; q++) {
    await timeCommand(q === 0 ? "start_quiz" : "next_question");
    spent.authority = 0;
    let batches = 0;
    const question = questions[q] as QuizQuestion;
    // Every player answers, spread over relays' 10 ms windows: 200 a window at each relay at most.
    for (let round = 0; round * 200 < perRelay; round++) {
      for (const [index, relay] of relays.entries()) {
        for (const peer of (playersOf[index] ?? []).slice(round * 200, round * 200 + 200)) {
          relay.receive(
            peer,
            JSON.stringify({
              type: "answer",
              questionId: question.id,
              optionIds: [question.optionIds[Number(peer.id.slice(1)) % 4]],
            }),
          );
        }
      }
      advance(10);
      batches += up.reduce((total, frames) => total + frames.filter((text) => text.includes("relay_batch")).length, 0);
      deliver();
    }
    answering.authority.push(spent.authority);
    answering.batches.push(batches);
    advance(200);
    await timeCommand("show_result");
  }
  const answered = log.filter((event) => event.type === "answer_submitted").length;
  const figures = (kind: { authority: number[]; relay: number[] }) =>
    `authority ${median(kind.authority).toFixed(2)} ms, busiest relay ${median(kind.relay).toFixed(1)} ms`;
  if (quiet) return;
  console.log(
    `${relayCount} relay${relayCount > 1 ? "s" : ""} of ${perRelay} players, medians per command: question shown: ${figures(command.shown)}; ` +
      `result shown: ${figures(command.result)}; authority deciding a question's ${PLAYERS} answers ` +
      `${median(answering.authority).toFixed(0)} ms in ${median(answering.batches)} batches ` +
      `(${((median(answering.authority) / PLAYERS) * 1000).toFixed(1)} µs an answer); answers logged ${answered} of ${PLAYERS * QUESTIONS}`,
  );
}

console.log(`Sharded quiz in Node: ${PLAYERS} players, ${QUESTIONS} questions (each shown, then its result)`);
// A first, smaller run compiles the code paths, so the first configuration is not the slowest for it.
await run(2, Math.min(PLAYERS, 2_000), true);
for (const relayCount of RELAY_COUNTS) await run(relayCount);
