import { SELF } from "cloudflare:test";
import { newAddress } from "./account-client";
import type { Fill, RouteRow } from "./route-catalogue";

/** One request, as built from a row and then, for the properties, spoiled. */
export interface RequestSpec {
  method: string;
  pattern: string;
  params: Record<string, string>;
  /** Params put into the path as they are, unencoded: `%FF`, `..`, a stray `/`. */
  rawParams?: Record<string, string>;
  query: [string, string][];
  token: string | undefined;
  upgrade: boolean;
  body?: { content: BodyInit; type: string | undefined };
  headers?: Record<string, string>;
}

export interface Answer {
  status: number;
  text: string;
  json: unknown;
  /** The answer's Cache-Control, null without one. */
  cacheControl: string | null;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** A param as it goes into a URL: its characters encoded, lone surrogates as the raw bytes a client could send. */
function encodeSegment(value: string, keepSlashes: boolean): string {
  const withSurrogates = encodeURIComponent(value.replace(LONE_SURROGATE, "\uFFFD")).replaceAll(
    "%EF%BF%BD",
    "%ED%A0%80",
  );
  return keepSlashes ? withSurrogates.replaceAll("%2F", "/") : withSurrogates;
}

/** The path of `pattern` with its `:name` and `*` params filled in. */
export function fillPath(
  pattern: string,
  params: Record<string, string>,
  rawParams: Record<string, string> = {},
): string {
  const value = (name: string, keepSlashes: boolean) =>
    rawParams[name] ?? encodeSegment(params[name] ?? "", keepSlashes);
  // A param's own pattern (`:name{…}`) is the router's business, not part of the path.
  return pattern
    .replace(/\{[^}]*\}/g, "")
    .replace(/:([A-Za-z]+)/g, (_, name: string) => value(name, false))
    .replace("*", () => value("*", true));
}

/** The row's valid request for `fill`. */
export function requestFor(row: RouteRow, fill: Fill): RequestSpec {
  const params = Object.fromEntries(Object.entries(row.params?.(fill) ?? {}).map(([k, v]) => [k, String(v)]));
  const spec: RequestSpec = {
    method: row.method,
    pattern: row.path,
    params,
    query: Object.entries(row.query?.(fill) ?? {}),
    token: row.token ? row.token(fill) : fill.caller.account?.token,
    upgrade: row.upgrade ?? false,
    headers: row.headers?.(fill) ?? {},
  };
  if (row.body) spec.body = { content: JSON.stringify(row.body(fill)), type: "application/json" };
  if (row.raw) {
    const raw = row.raw(fill);
    spec.body = { content: raw.body, type: raw.type };
  }
  return spec;
}

/**
 * Sends `spec` through the Worker from a fresh client address (so per-address limits of one call
 * spare the next). A socket's token goes in its query, as browsers cannot set its headers; an
 * opened socket is closed at once.
 */
export async function send(spec: RequestSpec): Promise<Answer> {
  const query = new URLSearchParams(spec.query);
  const headers = new Headers({ ...spec.headers, "cf-connecting-ip": newAddress() });
  if (spec.upgrade) {
    headers.set("upgrade", "websocket");
    if (spec.token) query.set("token", spec.token);
  } else if (spec.token) {
    headers.set("authorization", `Bearer ${spec.token}`);
  }
  if (spec.body?.type) headers.set("content-type", spec.body.type);
  const search = query.size > 0 ? `?${query}` : "";
  const response = await SELF.fetch(`http://localhost${fillPath(spec.pattern, spec.params, spec.rawParams)}${search}`, {
    method: spec.method,
    headers,
    body: spec.body?.content ?? null,
  });
  if (response.webSocket) {
    response.webSocket.accept();
    response.webSocket.close(1000, "checked");
    return { status: response.status, text: "", json: null, cacheControl: null };
  }
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // Not JSON: a calendar, a CSV, a stored file, a room's plain refusal.
  }
  return { status: response.status, text, json, cacheControl: response.headers.get("cache-control") };
}

/** Success as the matrix counts it: 2xx, or 101 for an opened socket. */
export const succeeded = (status: number) => status === 101 || (status >= 200 && status < 300);
