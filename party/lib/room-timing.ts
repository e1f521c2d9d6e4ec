/**
 * Benchmarks only (`QUIZ_ROOM_TIMINGS=1`, set by `npm run bench:quiz`): a quiz room times its
 * thread's work on each frame it handles and prints, at most every {@link REPORT_MS}, one line per
 * kind of frame (the sender's role): `quiz-room-timing <room> <role> <total ms> <frames> <largest ms>`,
 * which the benchmark reads from the runtime's output. Few lines, whatever the frames: a line per
 * frame filled the runtime's output pipe at thousands of players and stalled the runtime. In
 * local workerd the clock advances during a handler; deployed it would not, and the setting is
 * never set there.
 */
const REPORT_MS = 50;

interface Totals {
  ms: number;
  frames: number;
  largest: number;
}

export class RoomTiming {
  #totals = new Map<string, Totals>();
  #reporting: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly enabled: () => boolean,
    private readonly room: string,
  ) {}

  /** Runs `work` for a frame of `role`, timed when enabled. */
  frame(role: string | undefined, work: () => void) {
    if (!this.enabled()) {
      work();
      return;
    }
    const started = performance.now();
    try {
      work();
    } finally {
      this.add(role ?? "unknown", performance.now() - started);
    }
  }

  private add(role: string, ms: number) {
    const totals = this.#totals.get(role) ?? { ms: 0, frames: 0, largest: 0 };
    totals.ms += ms;
    totals.frames += 1;
    totals.largest = Math.max(totals.largest, ms);
    this.#totals.set(role, totals);
    this.#reporting ??= setTimeout(() => this.report(), REPORT_MS);
  }

  private report() {
    this.#reporting = null;
    for (const [role, { ms, frames, largest }] of this.#totals) {
      console.log(`quiz-room-timing ${this.room} ${role} ${ms.toFixed(3)} ${frames} ${largest.toFixed(3)}`);
    }
    this.#totals.clear();
  }
}
