/**
 * The live list of an event's presentations whose self-paced questions or results are open
 * (schedule spec §7 `presentation_active`), without a runtime: the list comes from the
 * database's settings through core's `quizActivity`; storage, alarm and sockets are passed in,
 * so it is tested in Node (tests/unit/quiz-activity-session.test.ts).
 */
import type { QuizActivityServerMessage } from "@core/protocol/quiz-activity";
import { type ActiveQuiz, type PresentationQuizSettings, quizActivity } from "@core/quiz/active-quizzes";

/**
 * While someone listens, the list is also read again this often: a schedule import can move a
 * presentation's day (and so its default windows) or archive it without telling the room.
 */
export const SAFETY_REFRESH_MS = 10 * 60_000;

export interface QuizActivityDeps {
  settings(): Promise<PresentationQuizSettings[]>;
  clock: { now(): number };
  /** The list last pushed, kept so a room woken from hibernation pushes only real changes. */
  lastPushed: { get(): Promise<string | undefined>; put(list: string): Promise<void> };
  alarm: { get(): Promise<number | null>; set(at: number): Promise<void>; delete(): Promise<void> };
  broadcast(text: string): void;
  hasListeners(): boolean;
}

export class QuizActivitySession {
  #presentations: ActiveQuiz[] = [];
  #nextChangeAt: number | null = null;
  /** Refreshes run one after the other, so an older read of D1 never overwrites a newer one. */
  #refreshing: Promise<void> = Promise.resolve();

  constructor(private readonly deps: QuizActivityDeps) {}

  /** The list as a new listener gets it first. */
  listMessage(): string {
    return JSON.stringify({
      type: "active-quizzes",
      presentations: this.#presentations,
    } satisfies QuizActivityServerMessage);
  }

  /** The first listener starts the safety refresh; later ones find the alarm already set. */
  async listenerJoined() {
    if ((await this.deps.alarm.get()) === null) await this.scheduleAlarm();
  }

  /** After a change the list depends on, at a window's boundary (the alarm), or at the start. */
  refresh(): Promise<void> {
    this.#refreshing = this.#refreshing.catch(() => undefined).then(() => this.readList());
    return this.#refreshing;
  }

  /** Reads the list again; pushes it to every client when it differs from the one they have. */
  private async readList() {
    const { presentations, nextChangeAt } = quizActivity(await this.deps.settings(), this.deps.clock.now());
    this.#presentations = presentations;
    this.#nextChangeAt = nextChangeAt;
    const serialized = JSON.stringify(presentations);
    if ((await this.deps.lastPushed.get()) !== serialized) {
      await this.deps.lastPushed.put(serialized);
      this.deps.broadcast(
        JSON.stringify({ type: "active-quizzes", presentations } satisfies QuizActivityServerMessage),
      );
    }
    await this.scheduleAlarm();
  }

  private async scheduleAlarm() {
    const safety = this.deps.hasListeners() ? this.deps.clock.now() + SAFETY_REFRESH_MS : null;
    const next = Math.min(...[this.#nextChangeAt, safety].filter((at): at is number => at !== null));
    if (Number.isFinite(next)) await this.deps.alarm.set(next);
    else await this.deps.alarm.delete();
  }
}
