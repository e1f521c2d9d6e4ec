/**
 * The processing progress of one presentation's versions, without a runtime: what the
 * version-stream room does, with its effects (the stored records, the connections) passed in,
 * so it is tested in Node (tests/unit/version-stream-session.test.ts). party/version-stream-room.ts
 * wires it.
 *
 * The database holds the truth: each connection's snapshot is first checked against it, so a
 * report the room missed (a failed RPC, a version created before the room existed) does not leave
 * a version shown as under way forever.
 *
 * Invariant: the room holds one small record per version it still has something to say about
 * (pending, processing, or a terminal status no client has acknowledged yet), and at most
 * MAX_TRACKED_VERSIONS of them, so its storage stays bounded whatever happens to the talk.
 */
import { EMPTY_MESSAGE, type VersionProgress } from "@core/protocol/version-stream";
import { isInProgress } from "@core/versions/status";

/** Far more than a talk has versions under way: beyond it the oldest finished records go first. */
export const MAX_TRACKED_VERSIONS = 50;

export interface VersionStreamPeer {
  send(text: string): void;
}

/** A version's record with the time it last changed, which orders the pruning. */
export interface TrackedVersion extends VersionProgress {
  at: number;
}

export interface VersionStreamSessionDeps {
  records: {
    /** Every record, oldest change first. */
    all(): TrackedVersion[];
    put(record: TrackedVersion): void;
    remove(versionId: string): void;
  };
  /**
   * The current state of the given versions and of every version of the talk under way; a
   * version missing from the answer is deleted. Undefined when the database cannot tell.
   */
  currentStates(versionIds: string[]): Promise<VersionProgress[] | undefined>;
  clock: { now(): number };
  peers(): Iterable<VersionStreamPeer>;
}

const progressText = ({ versionId, percent, status }: VersionProgress) =>
  JSON.stringify({ versionId, percent, status } satisfies VersionProgress);

export class VersionStreamSession {
  constructor(private readonly deps: VersionStreamSessionDeps) {}

  /** A new connection: every record, checked against the database, then `empty` when nothing is under way. */
  async connect(peer: VersionStreamPeer) {
    await this.reconcile();
    const records = this.deps.records.all();
    for (const record of records) peer.send(progressText(record));
    if (!records.some((record) => isInProgress(record.status))) peer.send(EMPTY_MESSAGE);
  }

  /** A version's new state, from the API (created) or the processing jobs API (progress, end). */
  report(progress: VersionProgress) {
    const { records } = this.deps;
    records.put({ ...progress, at: this.deps.clock.now() });
    this.prune();
    this.broadcast(progressText(progress));
    if (!isInProgress(progress.status)) this.broadcastIfIdle();
  }

  /** A deleted version: the room forgets it, and says `empty` if it was the last one under way. */
  forget(versionId: string) {
    const record = this.deps.records.all().find((candidate) => candidate.versionId === versionId);
    if (!record) return;
    this.deps.records.remove(versionId);
    if (isInProgress(record.status)) this.broadcastIfIdle();
  }

  /**
   * A client showed a version's terminal status: the room stops repeating it. An acknowledgement
   * of a version still under way, or unknown, changes nothing (a late or stray reply).
   */
  acknowledge(versionId: string) {
    const record = this.deps.records.all().find((candidate) => candidate.versionId === versionId);
    if (record && !isInProgress(record.status)) this.deps.records.remove(versionId);
  }

  private async reconcile() {
    const { records } = this.deps;
    const readAt = this.deps.clock.now();
    const current = await this.deps.currentStates(records.all().map((record) => record.versionId));
    if (!current) return;
    const byId = new Map(current.map((state) => [state.versionId, state]));
    for (const record of records.all()) {
      // A record that changed while the database was read is newer than what it answered.
      if (record.at >= readAt) continue;
      const state = byId.get(record.versionId);
      if (!state) records.remove(record.versionId);
      else if (state.status !== record.status || state.percent !== record.percent) {
        records.put({ ...state, at: record.at });
      }
      byId.delete(record.versionId);
    }
    const tracked = new Set(records.all().map((record) => record.versionId));
    for (const state of byId.values()) {
      if (isInProgress(state.status) && !tracked.has(state.versionId)) records.put({ ...state, at: readAt });
    }
    this.prune();
  }

  /** Oldest finished records first, then (never seen in practice) the oldest of any kind. */
  private prune() {
    const records = this.deps.records.all();
    const excess = records.length - MAX_TRACKED_VERSIONS;
    if (excess <= 0) return;
    const finishedFirst = [
      ...records.filter((record) => !isInProgress(record.status)),
      ...records.filter((record) => isInProgress(record.status)),
    ];
    for (const record of finishedFirst.slice(0, excess)) this.deps.records.remove(record.versionId);
  }

  private broadcastIfIdle() {
    if (!this.deps.records.all().some((record) => isInProgress(record.status))) this.broadcast(EMPTY_MESSAGE);
  }

  private broadcast(text: string) {
    for (const peer of this.deps.peers()) peer.send(text);
  }
}
