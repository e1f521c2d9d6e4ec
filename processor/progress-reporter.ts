/** What a processor tells the Worker about a job: how far it is, in which step. */
export interface JobProgress {
  percent: number;
  stage: string;
}

export interface ProgressReporter {
  update(progress: JobProgress): void;
  /** Stops reporting once the report under way (if any) has been answered. */
  stop(): Promise<void>;
}

/**
 * Sends a job's progress at most once per `minIntervalMs` (always the latest value, never a
 * stale one left behind), and renews the lease every `heartbeatMs` even when no step reports:
 * a long ffmpeg pass or a large download must not let the lease expire. One report at a time.
 */
export function progressReporter(
  send: (progress: JobProgress) => Promise<void>,
  options: { minIntervalMs: number; heartbeatMs: number },
  onError: (error: unknown) => void,
  initial: JobProgress,
): ProgressReporter {
  let latest = initial;
  let sentAt = Number.NEGATIVE_INFINITY;
  let sending: Promise<void> | undefined;
  let pending = false;
  let trailing: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const sendLatest = async (): Promise<void> => {
    if (stopped) return;
    if (sending) {
      pending = true;
      return;
    }
    pending = false;
    sentAt = Date.now();
    sending = send(latest).catch(onError);
    await sending;
    sending = undefined;
    if (pending) schedule();
  };
  const schedule = () => {
    if (trailing || stopped) return;
    const wait = Math.max(0, sentAt + options.minIntervalMs - Date.now());
    trailing = setTimeout(() => {
      trailing = undefined;
      void sendLatest();
    }, wait);
  };
  const heartbeat = setInterval(() => {
    if (Date.now() - sentAt >= options.minIntervalMs) void sendLatest();
  }, options.heartbeatMs);

  return {
    update(progress) {
      latest = progress;
      pending = true;
      schedule();
    },
    async stop() {
      stopped = true;
      clearInterval(heartbeat);
      clearTimeout(trailing);
      await sending;
    },
  };
}
