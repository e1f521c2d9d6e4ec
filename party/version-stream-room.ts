import { ErrorCode } from "@core/errors";
import {
  VersionProgress,
  VersionStreamClientMessage,
  type VersionStreamServerMessage,
} from "@core/protocol/version-stream";
import { type Connection, Server } from "partyserver";
import * as v from "valibot";
import { openDatabase } from "../worker/db/client";
import { versionStates } from "../worker/db/queries/versions";
import type { Env } from "../worker/env";
import { type TrackedVersion, VersionStreamSession } from "./version-stream-session";

const TrackedRecord = v.object({ ...VersionProgress.entries, at: v.number() });

interface RecordRow extends Record<string, SqlStorageValue> {
  version_id: string;
  percent: number;
  status: string;
  at: number;
}

/**
 * One room per presentation (named by its id): the processing progress of its versions, pushed
 * to the talk's speaker and the event's moderators (party/version-stream-session.ts). The
 * Worker checked who connects (worker/rooms/authorize-connection.ts); the API reports each
 * change through `report` and `forget`. This file wires the session to the Durable Object's
 * SQLite storage and sockets.
 */
export class VersionStreamRoom extends Server<Env> {
  static override options = { hibernate: true };
  #session: VersionStreamSession | undefined;

  private get session(): VersionStreamSession {
    if (this.#session) return this.#session;
    const { sql } = this.ctx.storage;
    sql.exec(`CREATE TABLE IF NOT EXISTS version_state (
      version_id TEXT PRIMARY KEY, percent INTEGER NOT NULL, status TEXT NOT NULL, at INTEGER NOT NULL)`);
    this.#session = new VersionStreamSession({
      records: {
        all: () =>
          sql
            .exec<RecordRow>("SELECT version_id, percent, status, at FROM version_state ORDER BY at, version_id")
            .toArray()
            .map((row) => ({ versionId: row.version_id, percent: row.percent, status: row.status, at: row.at }))
            // Rows are written only from checked progress; a row that is not one is skipped.
            .filter((record): record is TrackedVersion => v.is(TrackedRecord, record)),
        put: (record) =>
          void sql.exec(
            "INSERT OR REPLACE INTO version_state (version_id, percent, status, at) VALUES (?, ?, ?, ?)",
            record.versionId,
            record.percent,
            record.status,
            record.at,
          ),
        remove: (versionId) => void sql.exec("DELETE FROM version_state WHERE version_id = ?", versionId),
      },
      currentStates: async (versionIds) => {
        try {
          return await versionStates(openDatabase(this.env.DB), Number(this.name), versionIds);
        } catch (error) {
          console.error("version states not read", this.name, error instanceof Error ? error.message : error);
          return undefined;
        }
      },
      clock: { now: () => Date.now() },
      peers: () => this.getConnections(),
    });
    return this.#session;
  }

  override async onConnect(connection: Connection) {
    await this.session.connect(connection);
  }

  override onMessage(connection: Connection, message: string | ArrayBuffer | ArrayBufferView) {
    const parsed = v.safeParse(VersionStreamClientMessage, typeof message === "string" ? message.trim() : undefined);
    if (parsed.success) this.session.acknowledge(parsed.output);
    else
      connection.send(
        JSON.stringify({ type: "error", code: ErrorCode.BadRequest } satisfies VersionStreamServerMessage),
      );
  }

  /** Called by the API (Durable Object RPC) when a version is created or its processing moves. */
  report(progress: VersionProgress): void {
    this.session.report(progress);
  }

  /** Called by the API (Durable Object RPC) when a version is deleted. */
  forget(versionId: string): void {
    this.session.forget(versionId);
  }
}
