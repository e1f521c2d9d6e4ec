import { apiHeaders } from "../../lib/api";
import { median } from "./check-grades";

export interface NetworkFigures {
  roundTripMs: number;
  downloadMbps: number;
  uploadMbps: number;
}

const PINGS = 5;
const DOWNLOAD_BYTES = 2 * 1024 * 1024;
const UPLOAD_BYTES = 1024 * 1024;

const megabitsPerSecond = (bytes: number, ms: number) => (bytes * 8) / 1000 / Math.max(ms, 1);

async function timed(call: () => Promise<Response>): Promise<{ ms: number; response: Response }> {
  const started = performance.now();
  const response = await call();
  if (!response.ok) throw new Error(`network check answered ${response.status}`);
  await response.arrayBuffer();
  return { ms: performance.now() - started, response };
}

/**
 * Round trip (median of a few pings after a warm-up), download and upload throughput against
 * this server's /api/network-check routes: what the speaker's own link does with our server.
 */
export async function probeNetwork(token: string, signal: AbortSignal): Promise<NetworkFigures> {
  const headers = apiHeaders(token);
  const get = (path: string) => fetch(path, { headers, cache: "no-store", signal });
  await timed(() => get("/api/network-check/ping"));
  const pings: number[] = [];
  for (let index = 0; index < PINGS; index++) pings.push((await timed(() => get("/api/network-check/ping"))).ms);
  const download = await timed(() => get(`/api/network-check/download?bytes=${DOWNLOAD_BYTES}`));
  const body = new Uint8Array(UPLOAD_BYTES);
  // Random, so nothing on the way compresses it (getRandomValues fills at most 64 KiB a call).
  for (let at = 0; at < body.length; at += 65536) crypto.getRandomValues(body.subarray(at, at + 65536));
  const upload = await timed(() =>
    fetch("/api/network-check/upload", {
      method: "POST",
      headers: { ...headers, "content-type": "application/octet-stream" },
      body,
      signal,
    }),
  );
  return {
    roundTripMs: Math.round(median(pings)),
    downloadMbps: megabitsPerSecond(DOWNLOAD_BYTES, download.ms),
    uploadMbps: megabitsPerSecond(UPLOAD_BYTES, upload.ms),
  };
}
