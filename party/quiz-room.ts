import { DomainError, ErrorCode } from "@core/errors";
import type { PlayerView } from "@core/protocol/quiz";
import { QUIZ_RELAY_KEY_HEADER } from "@core/protocol/quiz-relay";
import type { RoomResult } from "@core/protocol/room-result";
import type { StoredEvent } from "@core/protocol/stored-event";
import type { QuizState } from "@core/quiz/model";
import { type Connection, type ConnectionContext, Server } from "partyserver";
import { openDatabase } from "../worker/db/client";
import { findQuizPresentation, loadQuizQuestions, saveLeaderboard, setQuizStatus } from "../worker/db/queries/quiz";
import { saveLiveAnswers } from "../worker/db/queries/quiz-results";
import type { Env } from "../worker/env";
import { EventLog } from "./lib/event-log";
import { commandRequest } from "./lib/quiz-command-request";
import { clearableTimeout, QuizFrames } from "./lib/quiz-frames";
import { upgradeHeaders } from "./lib/quiz-socket-compression";
import { identityTags, requestIdentity } from "./lib/quiz-socket-tags";
import { isRelayKey } from "./lib/relay-key";
import { RoomTiming } from "./lib/room-timing";
import { SocketPeers } from "./lib/socket-peers";
import { StateRowStore } from "./lib/state-rows";
import { type QuizConnectionState, QuizSession } from "./quiz-session";

export type { QuizConnectionState };

/**
 * The live quiz of a presentation as a partyserver room: wiring of a {@link QuizSession} to the
 * Durable Object's storage, alarm and sockets, and to the database. It authenticates nothing
 * itself: the Worker checks every token before forwarding (worker/rooms).
 */
export class QuizRoom extends Server<Env> {
  static override options = { hibernate: true };
  #session: QuizSession | undefined;
  #sockets = new SocketPeers(this.ctx);
  #timing = new RoomTiming(() => this.env.QUIZ_ROOM_TIMINGS === "1", "authority");
  #frames = new QuizFrames(this.#sockets, this.#timing, (peer, text) => this.session.receive(peer, text));

  private get session(): QuizSession {
    this.#session ??= new QuizSession({
      log: new EventLog(this.ctx.storage),
      rows: new StateRowStore(this.ctx.storage),
      clock: { now: () => Date.now() },
      timers: {
        after: clearableTimeout,
        setAlarm: (at) => void this.ctx.storage.setAlarm(at),
        deleteAlarm: () => void this.ctx.storage.deleteAlarm(),
      },
      peers: {
        players: () => this.#sockets.players(),
        watchers: (role) => this.#sockets.tagged(role),
        countOpenPlayers: () => this.#sockets.playerCount(),
      },
      projections: {
        questions: async () => {
          const presentation = await findQuizPresentation(this.db, this.presentationId);
          if (!presentation) throw new DomainError(ErrorCode.PresentationNotFound);
          return loadQuizQuestions(this.db, this.presentationId, presentation.timer);
        },
        status: (status) => this.project(setQuizStatus(this.db, this.presentationId, status)),
        leaderboard: (entries) => this.project(saveLeaderboard(this.db, this.presentationId, entries)),
        answers: (rows) => this.project(saveLiveAnswers(this.db, this.presentationId, rows)),
      },
    });
    return this.#session;
  }

  private get presentationId(): number {
    return Number(this.name);
  }

  private get db() {
    return openDatabase(this.env.DB);
  }

  /** Writes projections other pages query, without holding up the room. */
  private project(write: Promise<unknown>) {
    this.ctx.waitUntil(write.catch((error) => console.error("quiz projection failed", error)));
  }

  /** partyserver answers a socket's upgrade; the answer then says whether its frames are compressed. */
  override async fetch(request: Request): Promise<Response> {
    // A relay's link comes from a relay room only: the Worker names no client a relay, and the key proves it.
    if (requestIdentity(request)?.role === "relay") {
      if (!(await isRelayKey(this.env.JWT_SECRET, request.headers.get(QUIZ_RELAY_KEY_HEADER)))) {
        return Response.json({ error: { code: ErrorCode.Unauthorized } }, { status: 401 });
      }
    }
    const response = await super.fetch(request);
    const headers = upgradeHeaders(requestIdentity(request));
    if (response.status !== 101 || !response.webSocket || Object.keys(headers).length === 0) return response;
    return new Response(null, { status: 101, webSocket: response.webSocket, headers });
  }

  override getConnectionTags(_connection: Connection, context: ConnectionContext): string[] {
    return identityTags(requestIdentity(context.request));
  }

  override onConnect(connection: Connection<QuizConnectionState>, context: ConnectionContext) {
    if (!requestIdentity(context.request)) {
      connection.close(1000, "unauthorized");
      return;
    }
    this.session.connect(this.#sockets.opened(connection));
  }

  override onClose(connection: Connection<QuizConnectionState>) {
    this.session.disconnect(this.#sockets.closed(connection));
  }

  override onError() {
    this.#sockets.failed();
    this.session.connectionFailed();
  }

  override async webSocketMessage(ws: WebSocket, message: string | ArrayBuffer) {
    if (!this.#frames.fromKnownSocket(ws, message)) await super.webSocketMessage(ws, message);
  }

  override onMessage(connection: Connection<QuizConnectionState>, raw: string | ArrayBuffer | ArrayBufferView) {
    this.#frames.fromConnection(connection, raw);
  }

  override async onAlarm() {
    this.session.alarm();
  }

  async addPlayer(playerId: string, name: string): Promise<RoomResult<number>> {
    return this.session.addPlayer(playerId, name);
  }

  /** Adds a player and tells their join order, for placing them on a relay (worker/routes/quiz.ts). */
  async placePlayer(playerId: string, name: string): Promise<RoomResult<{ run: number; order: number }>> {
    return this.session.placePlayer(playerId, name);
  }

  async submitAnswer(
    playerId: string,
    run: number,
    questionId: number,
    optionIds: number[],
  ): Promise<RoomResult<PlayerView>> {
    return this.session.submitAnswer(playerId, run, questionId, optionIds);
  }

  async viewFor(playerId: string, run: number): Promise<RoomResult<PlayerView>> {
    return this.session.playerView(playerId, run);
  }

  /** The run on now, for a newcomer to a finished quiz, who joins no run but watches its results. */
  async run(): Promise<number> {
    return this.session.run;
  }

  async phase(): Promise<QuizState["phase"]> {
    return this.session.state.phase;
  }

  async questionResult(questionId: number): Promise<RoomResult<{ name: string; points: number }[]>> {
    return this.session.questionResult(questionId);
  }

  async resetRun(): Promise<RoomResult<null>> {
    return this.session.resetRun();
  }

  async restoreLog(events: StoredEvent[]): Promise<RoomResult<number>> {
    return this.session.restoreLog(events);
  }

  async exportLog(): Promise<string> {
    return this.session.exportLog();
  }

  /** Commands over HTTP (`POST /parties/quiz-room/{id}`), for tools and tests; the Worker checked the moderator. */
  override async onRequest(request: Request): Promise<Response> {
    return commandRequest(request, this.session);
  }
}
