import { Hono } from "hono";
import { DomainError, ErrorCode } from "../../core/errors";
import type { AppEnv } from "../app-env";

const KEY = /^[a-z0-9][a-z0-9/_.-]{0,300}$/i;

/** Streams a stored file, with HTTP Range support so media can seek. */
export const fileRoutes = new Hono<AppEnv>().get("/files/*", async (c) => {
  const key = c.req.path.slice("/api/files/".length);
  if (!KEY.test(key) || key.includes("..")) throw new DomainError(ErrorCode.NotFound);
  const object = await c.env.FILES.get(key, { range: c.req.raw.headers, onlyIf: c.req.raw.headers });
  if (!object) throw new DomainError(ErrorCode.NotFound);
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set("etag", object.httpEtag);
  headers.set("accept-ranges", "bytes");
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  const range = object.range as { offset?: number; length?: number } | undefined;
  if (range && c.req.header("range")) {
    const offset = range.offset ?? 0;
    const length = range.length ?? object.size - offset;
    headers.set("content-range", `bytes ${offset}-${offset + length - 1}/${object.size}`);
    return new Response(object.body, { status: 206, headers });
  }
  return new Response(object.body, { status: 200, headers });
});
