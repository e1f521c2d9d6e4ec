import { type Connection, Server } from "partyserver";
import { ErrorCode } from "../core/errors";
import type { QuizActivityServerMessage } from "../core/protocol/quiz-activity";
import { type ActiveQuiz, quizActivity } from "../core/quiz/active-quizzes";
import { openDatabase } from "../worker/db/client";
import { loadSelfPacedQuizSettings } from "../worker/db/queries/quiz-activity";
import type { Env } from "../worker/env";

/** The list last pushed, kept in storage so a room woken from hibernation pushes only real changes. */
const LIST_KEY = "active-quizzes";
/**
 * While someone listens, the list is also read again this often: a schedule import can move a
 * presentation's day (and so its default windows) or archive it without telling the room.
 */
const SAFETY_REFRESH_MS = 10 * 60_000;

const send = (connection: Connection, message: QuizActivityServerMessage) => connection.send(JSON.stringify(message));

/**
 * One room per event (named by the event's id): the live list of presentations whose self-paced
 * questions or results are open (schedule spec §7 `presentation_active`). The list is computed
 * from D1 by core's `quizActivity`; the API asks the room to `refresh` after a change, and an
 * alarm at the next window boundary pushes the list that boundary opens or closes.
 */
export class QuizActivityRoom extends Server<Env> {
  static override options = { hibernate: true };
  #presentations: ActiveQuiz[] = [];
  #nextChangeAt: number | null = null;
  /** Refreshes run one after the other, so an older read of D1 never overwrites a newer one. */
  #refreshing: Promise<void> = Promise.resolve();

  override async onStart() {
    await this.readList();
  }

  override async onConnect(connection: Connection) {
    send(connection, { type: "active-quizzes", presentations: this.#presentations });
    // The first listener starts the safety refresh; later ones find the alarm already set.
    if ((await this.ctx.storage.getAlarm()) === null) await this.scheduleAlarm();
  }

  // Clients only listen: settings change through the REST API, which checks who may change them.
  override onMessage(connection: Connection) {
    send(connection, { type: "error", code: ErrorCode.BadRequest });
  }

  override async onAlarm() {
    await this.refresh();
  }

  /** Called by the API (Durable Object RPC) after it changed what the list depends on. */
  refresh(): Promise<void> {
    this.#refreshing = this.#refreshing.catch(() => undefined).then(() => this.readList());
    return this.#refreshing;
  }

  /** Reads the list again; pushes it to every client when it differs from the one they have. */
  private async readList() {
    const settings = await loadSelfPacedQuizSettings(openDatabase(this.env.DB), Number(this.name));
    const { presentations, nextChangeAt } = quizActivity(settings, Date.now());
    this.#presentations = presentations;
    this.#nextChangeAt = nextChangeAt;
    const serialized = JSON.stringify(presentations);
    if ((await this.ctx.storage.get<string>(LIST_KEY)) !== serialized) {
      await this.ctx.storage.put(LIST_KEY, serialized);
      this.broadcast(JSON.stringify({ type: "active-quizzes", presentations } satisfies QuizActivityServerMessage));
    }
    await this.scheduleAlarm();
  }

  private async scheduleAlarm() {
    const candidates = [this.#nextChangeAt, this.hasListeners() ? Date.now() + SAFETY_REFRESH_MS : null];
    const next = Math.min(...candidates.filter((at): at is number => at !== null));
    if (Number.isFinite(next)) await this.ctx.storage.setAlarm(next);
    else await this.ctx.storage.deleteAlarm();
  }

  private hasListeners(): boolean {
    for (const _connection of this.getConnections()) return true;
    return false;
  }
}
