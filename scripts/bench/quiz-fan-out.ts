// npx tsx scripts/bench/quiz-fan-out.ts [--players 5000] [--questions 5]
// The quiz room's own work for a moderator command, in Node, without a runtime or a network:
// party/quiz-session.ts with in-memory storage and sockets that only keep the text they are
// sent. N players join and answer every question (in batches of 50, as the room's 10 ms window
// gathers them); each `start_quiz` / `next_question` is timed from the command until the last
// player's message was handed to its socket, with the parts inside it: the log append, the
// snapshot, the players' views with their JSON, and the sends. What workerd adds (its socket
// writes, compression) and what the players' devices spend receiving are not in these figures:
// `npm run bench:quiz` measures the whole path.
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import type { StoredEvent } from "@core/protocol/stored-event";
import type { QuizQuestion } from "@core/quiz/model";
import { type QuizPeer, QuizSession } from "../../party/quiz-session";

const { values } = parseArgs({
  options: { players: { type: "string", default: "5000" }, questions: { type: "string", default: "5" } },
});
const PLAYERS = Number(values.players);
const QUESTIONS = Number(values.questions);

const questions: QuizQuestion[] = Array.from({ length: QUESTIONS }, (_, index) => ({
  id: index + 1,
  isSurvey: false,
  optionIds: [1, 2, 3, 4].map((option) => (index + 1) * 10 + option),
  correctOptionIds: [(index + 1) * 10 + 1 + (index % 4)],
  limitMs: 30_000,
}));

let now = 1_000_000;
const timers: { at: number; work: () => void; cancelled: boolean }[] = [];
function advance(ms: number) {
  const until = now + ms;
  for (;;) {
    const due = timers.filter((timer) => !timer.cancelled && timer.at <= until).sort((a, b) => a.at - b.at)[0];
    if (!due) break;
    now = Math.max(now, due.at);
    due.cancelled = true;
    due.work();
  }
  now = until;
}

const parts = { append: 0, snapshot: 0, send: 0, sends: 0, bytes: 0 };
const timed = <A extends unknown[], R>(part: "append" | "snapshot", work: (...args: A) => R) => {
  return (...args: A): R => {
    const started = performance.now();
    try {
      return work(...args);
    } finally {
      parts[part] += performance.now() - started;
    }
  };
};

const log: StoredEvent[] = [];
let lastSendAt = 0;
const player = (id: string): QuizPeer => ({
  id,
  identity: { role: "player", playerId: id },
  close() {},
  send(text) {
    const started = performance.now();
    parts.sends += 1;
    parts.bytes += text.length;
    lastSendAt = performance.now();
    parts.send += lastSendAt - started;
  },
});
const players = Array.from({ length: PLAYERS }, (_, index) => player(`p${index}`));
const session = new QuizSession({
  log: {
    append: timed("append", (events) =>
      events.map((event) => log[log.push({ seq: log.length + 1, ...event }) - 1] as StoredEvent),
    ),
    readAfter: (seq) => log.slice(seq),
  },
  rows: { read: () => undefined, write: timed("snapshot", () => {}) },
  clock: { now: () => now },
  timers: {
    after(ms, work) {
      const timer = { at: now + ms, work, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    setAlarm: () => {},
    deleteAlarm: () => {},
  },
  peers: { players: () => players, watchers: () => [], countOpenPlayers: () => players.length },
  projections: { questions: async () => questions, status: () => {}, leaderboard: () => {}, answers: () => {} },
});

for (const [index, peer] of players.entries()) {
  void session.addPlayer(peer.identity?.playerId as string, `Player ${index}`);
  if (index % 32 === 31) advance(10);
}
advance(200);

console.log(`Quiz room in Node: ${PLAYERS} players, ${QUESTIONS} questions`);
for (let index = 0; index < QUESTIONS; index++) {
  Object.assign(parts, { append: 0, snapshot: 0, send: 0, sends: 0, bytes: 0 });
  const started = performance.now();
  await session.moderate({ type: index === 0 ? "start_quiz" : "next_question" });
  const total = lastSendAt - started;
  const other = total - parts.append - parts.snapshot - parts.send;
  console.log(
    `question ${index + 1}: command → last player handed its message ${total.toFixed(1)} ms ` +
      `(log ${parts.append.toFixed(1)}, snapshot ${parts.snapshot.toFixed(1)}, ` +
      `views, ranking and JSON ${other.toFixed(1)}, sends ${parts.send.toFixed(1)}); ` +
      `${parts.sends} messages, ${(parts.bytes / 1024).toFixed(0)} KB`,
  );
  // Every player answers, 50 to a batch, at spread times; a batch's answers come 10 ms apart.
  for (const [position, peer] of players.entries()) {
    const question = questions[index] as QuizQuestion;
    const optionIds = [question.optionIds[position % 4] as number];
    session.receive(peer, JSON.stringify({ type: "answer", questionId: question.id, optionIds }));
    if (position % 50 === 49) advance(10);
  }
  advance(200);
}
