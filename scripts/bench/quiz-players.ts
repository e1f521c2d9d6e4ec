// One thread of the quiz benchmark's players (scripts/bench/quiz.ts starts several): it opens
// its share of the players' WebSockets, answers each question as a player would, and tells the
// main thread when each player received each question (on the wall clock every thread shares),
// how many answers the room acknowledged or refused, and how late its own event loop ran.
// Spread over threads, the players' receiving is no longer one process's queue: with all 5,000
// sockets in one event loop, the last player's question waited behind the 4,999 others' frames
// (75 µs each plain, 200 µs compressed), which the room's figure does not owe.

import type { Socket } from "node:net";
import { type EventLoopUtilization, monitorEventLoopDelay, performance as nodePerformance } from "node:perf_hooks";
import { parentPort, workerData } from "node:worker_threads";
import type { QuizServerMessage } from "@core/protocol/quiz";
import WebSocket from "ws";

export interface PlayersSetup {
  socketUrl: string;
  players: { id: string; token: string }[];
  compression: boolean;
  /** Players answer 0.5 s to this many ms after a question arrives; 0: at once. */
  thinkMs: number;
  /** Sockets this thread opens at a time. */
  concurrency: number;
}

export type ToPlayers = { type: "lag" } | { type: "close" };

export type FromPlayers =
  /** `extensions`: what the server accepted of the first socket's offer (`Sec-WebSocket-Extensions`); null: no player here. */
  | { type: "connected"; extensions: string | null }
  | { type: "failed"; message: string }
  /**
   * Totals so far, and the receipts since the previous report: [question index, wall-clock ms when
   * the player got the message, wall-clock ms when its first bytes reached the player's socket].
   */
  | {
      type: "progress";
      acked: number;
      refused: number;
      refusals: [string, number][];
      reconnects: number;
      lastAckAt: number;
      receipts: [number, number, number][];
    }
  /**
   * This thread's event-loop delay since the previous ask, in ms, and how busy its event loop was
   * (0–1) from its first player's receipt of the last question to its last player's.
   */
  | { type: "lag"; p99: number; max: number; busy: number };

/** Milliseconds on the wall clock, comparable between threads (each has its own `performance.now()` origin). */
export const wallClock = () => performance.timeOrigin + performance.now();

const REPORT_EVERY_MS = 20;

function run(setup: PlayersSetup, port: NonNullable<typeof parentPort>) {
  const post = (message: FromPlayers) => port.postMessage(message);
  let acked = 0;
  let refused = 0;
  let reconnects = 0;
  let lastAckAt = 0;
  let changed = false;
  const refusals = new Map<string, number>();
  let receipts: [number, number, number][] = [];
  let closing = false;
  const sockets = new Set<WebSocket>();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  /** The event loop's use at the first and latest receipt of the question being delivered. */
  let delivery: { question: number; first: EventLoopUtilization; latest: EventLoopUtilization } | undefined;

  /** `seen`: the player's questions whose first delivery was timed, kept over reconnections. */
  const connect = (player: PlayersSetup["players"][number], seen = new Set<number>()): Promise<void> => {
    const socket = new WebSocket(`${setup.socketUrl}&token=${player.token}`, { perMessageDeflate: setup.compression });
    sockets.add(socket);
    /** The question an answer is on its way for. */
    let pending: number | undefined;
    /**
     * When bytes first reached the socket since its previous message: a question comes after a
     * quiet moment, so these are its frame's, before the thread decompresses it (with compression,
     * the players' inflates queue on the process's few zlib threads, which one phone does not).
     * Unknown when the next frame's bytes came while the previous message was being decompressed.
     */
    let bytesAt: number | undefined;
    socket.once("open", () => {
      (socket as unknown as { _socket: Socket })._socket.prependListener("data", () => {
        bytesAt ??= wallClock();
      });
    });
    socket.on("message", (raw) => {
      // The time first: everything after it is the bench's own work.
      const at = wallClock();
      const arrivedAt = bytesAt ?? at;
      bytesAt = undefined;
      const message = JSON.parse(String(raw)) as QuizServerMessage;
      changed = true;
      if (message.type === "answer_ack") {
        acked++;
        lastAckAt = at;
      } else if (message.type === "error") {
        refused++;
        refusals.set(message.code, (refusals.get(message.code) ?? 0) + 1);
      } else if (message.type === "player_view") {
        const question = message.view.question;
        if (message.view.phase !== "answering" || !question || message.view.myAnswer) return;
        if (!seen.has(question.id)) {
          seen.add(question.id);
          receipts.push([question.index, at, arrivedAt]);
          const use = nodePerformance.eventLoopUtilization();
          if (delivery?.question !== question.index) delivery = { question: question.index, first: use, latest: use };
          else delivery.latest = use;
        }
        if (pending === question.id) return;
        pending = question.id;
        const optionId = question.optionIds[Math.floor(Math.random() * question.optionIds.length)];
        const answer = () =>
          socket.send(JSON.stringify({ type: "answer", questionId: question.id, optionIds: [optionId] }));
        if (setup.thinkMs > 0) setTimeout(answer, 500 + Math.random() * Math.max(0, setup.thinkMs - 500));
        else answer();
      }
    });
    return new Promise<void>((resolve, reject) => {
      socket.once("open", () => {
        socket.on("error", () => {});
        socket.once("close", () => {
          sockets.delete(socket);
          if (closing) return;
          // Reconnects like the real client does when the connection drops.
          reconnects++;
          changed = true;
          setTimeout(() => void connect(player, seen).catch(() => {}), 500 + Math.random() * 1_000);
        });
        resolve();
      });
      socket.once("error", reject);
    });
  };

  const report = setInterval(() => {
    if (!changed) return;
    changed = false;
    post({
      type: "progress",
      acked,
      refused,
      refusals: [...refusals],
      reconnects,
      lastAckAt,
      receipts,
    });
    receipts = [];
  }, REPORT_EVERY_MS);

  port.on("message", (message: ToPlayers) => {
    if (message.type === "lag") {
      const busy = delivery ? nodePerformance.eventLoopUtilization(delivery.latest, delivery.first).utilization : 0;
      post({ type: "lag", p99: lag.percentile(99) / 1e6, max: lag.max / 1e6, busy: Number.isNaN(busy) ? 0 : busy });
      lag.reset();
    } else {
      closing = true;
      clearInterval(report);
      lag.disable();
      for (const socket of sockets) socket.close(1000);
      port.close();
    }
  });

  void (async () => {
    const queue = [...setup.players];
    const opener = async () => {
      for (let player = queue.shift(); player; player = queue.shift()) {
        for (let attempt = 1; ; attempt++) {
          try {
            await connect(player);
            break;
          } catch (error) {
            if (attempt === 3) throw error;
          }
        }
      }
    };
    await Promise.all(Array.from({ length: setup.concurrency }, opener));
    const [first] = sockets;
    post({ type: "connected", extensions: first ? first.extensions : null });
  })().catch((error) => post({ type: "failed", message: error instanceof Error ? error.message : String(error) }));
}

if (parentPort && workerData) run(workerData as PlayersSetup, parentPort);
