import { DomainError, ErrorCode } from "@core/errors";
import { Hono } from "hono";
import type { AppEnv } from "../app-env";
import { parseByteRange, rangeStillApplies } from "../files/byte-range";
import { isShownInline, SNIFF_BYTES, sniffType } from "../files/sniff-type";

const KEY = /^[a-z0-9][a-z0-9/_.-]{0,300}$/i;

/** Weak comparison (RFC 9110 §13.1.2): any listed tag naming this file, or `*`. */
function matchesNoneOf(ifNoneMatch: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, "");
  return ifNoneMatch.trim() === "*" || ifNoneMatch.split(",").some((tag) => bare(tag) === bare(etag));
}

/**
 * Streams a stored file with HTTP Range support, so media can seek. The type sent is the one its
 * first bytes show, never the one declared at upload; only pictures, videos and PDFs may show in
 * the browser, everything else is an attachment.
 */
export const fileRoutes = new Hono<AppEnv>().get("/files/*", async (c) => {
  const key = c.req.path.slice("/api/files/".length);
  if (!KEY.test(key) || key.includes("..")) throw new DomainError(ErrorCode.NotFound);
  const stored = await c.env.FILES.head(key);
  if (!stored) throw new DomainError(ErrorCode.NotFound);
  const size = stored.size;
  // R2 refuses a range on an empty object: an empty file has no type to read.
  const start =
    size === 0 ? null : await c.env.FILES.get(key, { range: { offset: 0, length: Math.min(size, SNIFF_BYTES) } });
  const type = sniffType(new Uint8Array((await start?.arrayBuffer()) ?? new ArrayBuffer(0)));
  const etag = stored.httpEtag;
  const lastModified = stored.uploaded.toUTCString();
  const headers = new Headers({
    "content-type": type,
    "content-disposition": isShownInline(type) ? "inline" : "attachment",
    "x-content-type-options": "nosniff",
    "accept-ranges": "bytes",
    etag,
    "last-modified": lastModified,
  });
  if (stored.httpMetadata?.cacheControl) headers.set("cache-control", stored.httpMetadata.cacheControl);

  const ifNoneMatch = c.req.header("if-none-match");
  if (ifNoneMatch && matchesNoneOf(ifNoneMatch, etag)) return new Response(null, { status: 304, headers });

  const range = rangeStillApplies(c.req.header("if-range"), etag, lastModified)
    ? parseByteRange(c.req.header("range"), size)
    : { kind: "whole" as const };
  if (range.kind === "unsatisfiable") {
    c.header("content-range", `bytes */${size}`);
    throw new DomainError(ErrorCode.RangeNotSatisfiable);
  }
  if (range.kind === "whole" || size === 0) {
    const object = size === 0 ? null : await c.env.FILES.get(key);
    if (size !== 0 && !object) throw new DomainError(ErrorCode.NotFound);
    headers.set("content-length", String(size));
    return new Response(object?.body ?? null, { status: 200, headers });
  }
  const part = await c.env.FILES.get(key, { range: { offset: range.offset, length: range.length } });
  if (!part) throw new DomainError(ErrorCode.NotFound);
  headers.set("content-range", `bytes ${range.offset}-${range.offset + range.length - 1}/${size}`);
  headers.set("content-length", String(range.length));
  return new Response(part.body, { status: 206, headers });
});
