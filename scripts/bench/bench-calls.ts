// Small helpers the forum benchmarks share: a JSON answer or its error, work in batches, and a
// wait on a condition.

/** The response's JSON body; a non-2xx status throws with the body, so a bench names why. */
export async function json<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** Runs `work` over `items`, `size` at a time, so a thousand sockets do not open at once. */
export async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

/** Whether `check` held before `timeoutMs`, asked every 250 ms. */
export function until(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve) => {
    const poll = () => {
      if (check()) resolve(true);
      else if (Date.now() > deadline) resolve(false);
      else setTimeout(poll, 250);
    };
    poll();
  });
}
