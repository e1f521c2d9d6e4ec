import { ErrorCode } from "@core/errors";
import type { QuizActivityServerMessage } from "@core/protocol/quiz-activity";
import { type Connection, Server } from "partyserver";
import { openDatabase } from "../worker/db/client";
import { loadSelfPacedQuizSettings } from "../worker/db/queries/quiz-activity";
import type { Env } from "../worker/env";
import { QuizActivitySession } from "./quiz-activity-session";

/** Where the list last pushed is kept. */
const LIST_KEY = "active-quizzes";

/**
 * One room per event (named by the event's id): the live list of its open self-paced quizzes
 * (party/quiz-activity-session.ts). The API asks the room to `refresh` after a change, and an
 * alarm at the next window boundary pushes the list that boundary opens or closes. This file
 * wires the session to the Durable Object's storage, alarm and sockets, and to the database.
 */
export class QuizActivityRoom extends Server<Env> {
  static override options = { hibernate: true };
  readonly #session = new QuizActivitySession({
    settings: () => loadSelfPacedQuizSettings(openDatabase(this.env.DB), Number(this.name)),
    clock: { now: () => Date.now() },
    lastPushed: {
      get: () => this.ctx.storage.get<string>(LIST_KEY),
      put: (list) => this.ctx.storage.put(LIST_KEY, list),
    },
    alarm: {
      get: () => this.ctx.storage.getAlarm(),
      set: (at) => this.ctx.storage.setAlarm(at),
      delete: () => this.ctx.storage.deleteAlarm(),
    },
    broadcast: (text) => this.broadcast(text),
    hasListeners: () => {
      for (const _connection of this.getConnections()) return true;
      return false;
    },
  });

  override async onStart() {
    await this.#session.refresh();
  }

  override async onConnect(connection: Connection) {
    connection.send(this.#session.listMessage());
    await this.#session.listenerJoined();
  }

  // Clients only listen: settings change through the REST API, which checks who may change them.
  override onMessage(connection: Connection) {
    connection.send(JSON.stringify({ type: "error", code: ErrorCode.BadRequest } satisfies QuizActivityServerMessage));
  }

  override async onAlarm() {
    await this.#session.refresh();
  }

  /** Called by the API (Durable Object RPC) after it changed what the list depends on. */
  refresh(): Promise<void> {
    return this.#session.refresh();
  }
}
