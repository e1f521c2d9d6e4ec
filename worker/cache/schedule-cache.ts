/**
 * The serialized public schedule of each event, kept per isolate and keyed by the event's
 * revision: every import or schedule change bumps the revision, so a stale copy is never served,
 * whichever isolate or process made the change. The body is kept encoded and gzipped once,
 * because re-encoding and compressing a large schedule on every request costs more than
 * serving it.
 */
import type { PublicSchedule } from "@core/schedule/public-schedule";

export interface CachedSchedule {
  revision: number;
  schedule: PublicSchedule;
  etag: string;
  body: ArrayBuffer;
  gzipped: ArrayBuffer;
}

const MAX_EVENTS = 64;
const entries = new Map<string, CachedSchedule>();

export function readCachedSchedule(slug: string, revision: number): CachedSchedule | undefined {
  const entry = entries.get(slug);
  return entry?.revision === revision ? entry : undefined;
}

async function gzip(bytes: ArrayBuffer): Promise<ArrayBuffer> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Response(stream).arrayBuffer();
}

export async function storeCachedSchedule(
  slug: string,
  revision: number,
  schedule: PublicSchedule,
): Promise<CachedSchedule> {
  if (entries.size >= MAX_EVENTS && !entries.has(slug)) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  const body = new TextEncoder().encode(JSON.stringify({ data: schedule })).buffer as ArrayBuffer;
  const entry = {
    revision,
    schedule,
    etag: `"${slug}-r${revision}-${body.byteLength}"`,
    body,
    gzipped: await gzip(body),
  };
  entries.set(slug, entry);
  return entry;
}

/**
 * The Accept-Encoding the client itself sent. Cloudflare (and Miniflare, as it) hands every Worker
 * `Accept-Encoding: br, gzip` whatever the client said, and keeps the client's own header in
 * `request.cf.clientAcceptEncoding`; a client that sent none there asked for no compression.
 */
function clientAcceptEncoding(request: Request): string {
  const cf = request.cf as { clientAcceptEncoding?: unknown } | undefined;
  if (cf && "clientAcceptEncoding" in cf)
    return typeof cf.clientAcceptEncoding === "string" ? cf.clientAcceptEncoding : "";
  return request.headers.get("accept-encoding") ?? "";
}

/** Whether the client asked for gzip (`gzip;q=0` declines it; `*` accepts it unless gzip is named). */
function acceptsGzip(acceptEncoding: string): boolean {
  const codings = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...parameters] = part.split(";").map((piece) => piece.trim().toLowerCase());
    const quality = parameters.find((parameter) => parameter.startsWith("q="));
    if (name) codings.set(name, quality ? Number(quality.slice(2)) : 1);
  }
  const quality = codings.get("gzip") ?? codings.get("x-gzip") ?? codings.get("*") ?? 0;
  return quality > 0;
}

/**
 * The cached schedule as a response: gzipped only for clients that asked for it (a plain `curl`
 * gets plain JSON), 304 when unchanged.
 */
export function cachedScheduleResponse(entry: CachedSchedule, request: Request): Response {
  // "Never stale": clients always revalidate, and an unchanged schedule costs a 304.
  const headers = new Headers({ etag: entry.etag, "cache-control": "private, no-cache", vary: "accept-encoding" });
  if (request.headers.get("if-none-match") === entry.etag) return new Response(null, { status: 304, headers });
  headers.set("content-type", "application/json; charset=utf-8");
  if (acceptsGzip(clientAcceptEncoding(request))) {
    headers.set("content-encoding", "gzip");
    return new Response(entry.gzipped, { status: 200, headers, encodeBody: "manual" });
  }
  return new Response(entry.body, { status: 200, headers });
}
