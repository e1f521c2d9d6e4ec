import { type Context, Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { admitPerAddress } from "../auth/rate-limit";
import { requireSession, type SessionEnv } from "../auth/session";
import { valid } from "../validation";

type Env = AppEnv & SessionEnv;

/** The largest download the test screen asks for: a few seconds on a poor venue connection. */
const MAX_DOWNLOAD_BYTES = 4 * 1024 * 1024;
// The upload's ceiling (2 MiB) is this route's entry in worker/body-limit.ts.

/**
 * Calls per address and minute: a test run makes about ten, so a room of speakers testing at once
 * behind one venue address fits, and nobody turns the route into a free bandwidth pump.
 */
const CHECKS_PER_ADDRESS = { attempts: 120, windowMs: 60_000 } as const;

const CHUNK_BYTES = 64 * 1024;

const admitCheck = (c: Context<Env>) => admitPerAddress(c, "network-check", CHECKS_PER_ADDRESS);

/** Random bytes, so no proxy or compression makes the measured link look faster than it is. */
function randomBody(bytes: number): ReadableStream<Uint8Array> {
  let left = bytes;
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) {
        controller.close();
        return;
      }
      const chunk = new Uint8Array(Math.min(CHUNK_BYTES, left));
      crypto.getRandomValues(chunk);
      left -= chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

const NO_STORE = { "cache-control": "no-store", "content-type": "application/octet-stream" };

/**
 * The test screen's network check (docs/recording-and-live.md): a round trip, a download and an
 * upload of bounded sizes against this server, for signed-in members, limited per address.
 */
export const networkCheckRoutes = new Hono<Env>()
  .get("/network-check/ping", requireSession, async (c) => {
    await admitCheck(c);
    c.header("cache-control", "no-store");
    return c.json({ data: { at: Date.now() } }, 200);
  })
  .get(
    "/network-check/download",
    requireSession,
    valid(
      "query",
      v.object({
        bytes: v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,7}$/), v.transform(Number), v.maxValue(MAX_DOWNLOAD_BYTES)),
      }),
    ),
    async (c) => {
      await admitCheck(c);
      const { bytes } = c.req.valid("query");
      return c.body(randomBody(bytes), 200, { ...NO_STORE, "content-length": String(bytes) });
    },
  )
  .post("/network-check/upload", requireSession, async (c) => {
    await admitCheck(c);
    // Counted as it arrives and dropped: nothing is stored.
    let bytes = 0;
    const reader = c.req.raw.body?.getReader();
    for (let read = await reader?.read(); read && !read.done; read = await reader?.read()) {
      bytes += read.value.byteLength;
    }
    return c.json({ data: { bytes } }, 200);
  });
