/**
 * What is left of a request body the Worker answered without reading (a 413, a 401 before the
 * body, a refused upload part). Answering with it still on the connection broke the local server:
 * workerd then closes or resets the connection under the client, so the refusal came as a reset,
 * the next request on that keep-alive connection failed, and `wrangler dev`'s proxy turned the
 * broken forwarding into its own English 503. Read to its end and dropped, the body leaves a
 * clean connection and the client gets our JSON answer.
 */

/**
 * The most a refused body is read to keep its connection: the largest request body Cloudflare
 * lets through to a Worker on common plans. A longer one is cut (its connection closes): it could
 * not reach a deployed Worker anyway.
 */
export const MAX_DROPPED_BODY_BYTES = 100 * 1000 * 1000;

/** Reads `reader` to its end and drops the bytes, or cancels it past `MAX_DROPPED_BODY_BYTES`. */
export async function dropRestOfBody(reader: ReadableStreamDefaultReader<Uint8Array>, alreadyRead = 0): Promise<void> {
  let read = alreadyRead;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      read += value.byteLength;
      if (read > MAX_DROPPED_BODY_BYTES) {
        await reader.cancel();
        return;
      }
    }
  } catch {
    // The client went away: nothing left to keep.
  }
}

/** Drops the body of `request` if nothing has read it (worker/index.ts, before every answer). */
export async function dropUnreadBody(request: Request): Promise<void> {
  const body = request.body;
  if (!body || body.locked || request.bodyUsed) return;
  const declared = request.headers.get("content-length");
  if (declared !== null && Number(declared) > MAX_DROPPED_BODY_BYTES) {
    await body.cancel().catch(() => undefined);
    return;
  }
  await dropRestOfBody(body.getReader());
}

/**
 * The whole of `body`, or null once it is longer than `limit` bytes: its rest is then read and
 * dropped, not cancelled, so the refusal reaches the client on a usable connection.
 */
export async function readBodyWithin(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await dropRestOfBody(reader, size);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
