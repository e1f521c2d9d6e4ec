import { ErrorCode } from "@core/errors";
import { ErrorBodySchema, type FieldIssue } from "@core/protocol/api-error";
import type { PublicEvent, PublicSchedule } from "@core/schedule/public-schedule";
import { type ClientResponse, hc } from "hono/client";
import * as v from "valibot";
import type { AppType } from "../../../worker/app";
import { currentLocale } from "./locale";
import { OFFLINE_COPY_HEADER, reportServerReachable } from "./network-status";

/** Why a call failed: the server's error code, or `network` when no usable answer came back. */
export type ApiErrorCode = ErrorCode | "network";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    /** With `validation-failed` and `foreign-id`: each refused field (`body.questions.2.question`) and why. */
    readonly issues: readonly FieldIssue[] = [],
  ) {
    super(message);
    this.name = "ApiError";
  }
}

interface CallPolicy {
  /** Per attempt. */
  timeoutMs: number;
  /** Further attempts after a network failure, a timeout or a 5xx; a 4xx is an answer, never retried. */
  retries: number;
  retryDelayMs: number;
}

/** Spec §7: the event query is retried twice, 1 s apart, with a 10 s timeout. */
const EVENT_QUERY_POLICY: CallPolicy = { timeoutMs: 10_000, retries: 2, retryDelayMs: 1_000 };

const ERROR_CODES = new Set<string>(Object.values(ErrorCode));

/** A change is sent once: a retried POST could post twice. */
const MUTATION_POLICY: CallPolicy = { timeoutMs: 10_000, retries: 0, retryDelayMs: 0 };
/** Other reads: a short retry on a network failure. */
const READ_POLICY: CallPolicy = { timeoutMs: 10_000, retries: 1, retryDelayMs: 1_000 };

type Query = Record<string, string | number | undefined>;

/**
 * The session token of the event the page shows, which its reads carry unless they name their
 * own token: an event that lets no one in anonymously answers them only to its members.
 */
let eventReaderToken: () => string | null = () => null;

/**
 * Makes the API reads (GET) carry `token()`, the opened event's session, from now until the
 * returned function is called (the event is left).
 */
export function readEventAs(token: () => string | null): () => void {
  eventReaderToken = token;
  return () => {
    if (eventReaderToken === token) eventReaderToken = () => null;
  };
}

/** The headers of every call: JSON answers, in the reader's language, with the session's bearer token. */
export function apiHeaders(token?: string | null): Record<string, string> {
  const headers: Record<string, string> = { accept: "application/json", "x-locale": currentLocale() };
  if (token) headers.authorization = `Bearer ${token}`;
  return headers;
}

/** One HTTP exchange with our API, for the calls that do not go through the typed client. */
function send(
  method: string,
  path: string,
  options: { query?: Query; body?: unknown; token?: string | null; rawBody?: Blob },
  init: RequestInit,
): Promise<Response> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(options.query ?? {}))
    if (value !== undefined) params.set(key, String(value));
  const search = params.size > 0 ? `?${params}` : "";
  // Changes name their token; a read that names none is the opened event's member's, if any.
  const headers = apiHeaders(options.token === undefined && method === "GET" ? eventReaderToken() : options.token);
  let body: BodyInit | undefined;
  if (options.rawBody) {
    body = options.rawBody;
    headers["content-type"] = options.rawBody.type;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] = "application/json";
  }
  return fetch(`${path}${search}`, { ...init, method, headers, ...(body === undefined ? {} : { body }) });
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** The code a status stands for when the body is not our error envelope (a proxy's page, say). */
function codeForStatus(status: number): ErrorCode {
  if (status >= 500) return ErrorCode.Internal;
  if (status === 401) return ErrorCode.Unauthorized;
  if (status === 403) return ErrorCode.Forbidden;
  if (status === 404) return ErrorCode.NotFound;
  if (status === 429) return ErrorCode.RateLimited;
  return ErrorCode.BadRequest;
}

/** The ApiError of a refused answer, read from our error envelope (also for XMLHttpRequest uploads). */
export async function toApiError(response: Response): Promise<ApiError> {
  const parsed = v.safeParse(ErrorBodySchema, await response.json().catch(() => null));
  if (!parsed.success) return new ApiError(response.status, codeForStatus(response.status), response.statusText);
  const { code, message, issues } = parsed.output.error;
  return new ApiError(
    response.status,
    ERROR_CODES.has(code) ? (code as ErrorCode) : codeForStatus(response.status),
    message,
    issues,
  );
}

/**
 * Runs `send` under the policy and resolves to a successful response, or rejects with an ApiError.
 * Aborting `signal` (the caller went away) rejects with the abort reason, without retrying.
 */
async function call(
  send: (init: RequestInit) => Promise<Response>,
  policy: CallPolicy,
  signal?: AbortSignal,
): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const timeout = AbortSignal.timeout(policy.timeoutMs);
    let failure: ApiError;
    try {
      const response = await send({ signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
      reportServerReachable(!response.headers.has(OFFLINE_COPY_HEADER));
      if (response.ok) return response;
      failure = await toApiError(response);
      if (response.status < 500) throw failure;
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (signal?.aborted) throw signal.reason;
      reportServerReachable(false);
      failure = new ApiError(0, "network", error instanceof Error ? error.message : String(error));
    }
    if (attempt >= policy.retries) throw failure;
    await wait(policy.retryDelayMs, signal);
  }
}

/**
 * The body of a successful answer; a body that is not JSON (a proxy's HTML page, a cut connection)
 * is a network failure. Unknown until the caller checks it against the answer's schema.
 */
async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    throw new ApiError(response.status, "network", "unreadable response body");
  }
}

/**
 * A `fetch` for the typed client: every call in the reader's language, with the opened event's
 * session on reads that name no token (`authorization: ""` names none), under `policy` (timeout,
 * retries) and rejecting with an ApiError read from our error envelope.
 */
function policyFetch(policy: (method: string) => CallPolicy): typeof fetch {
  return (input, init = {}) => {
    const method = init.method ?? "GET";
    const headers = new Headers(init.headers);
    const named = headers.get("authorization");
    const token = named === null && method === "GET" ? eventReaderToken() : named?.replace(/^Bearer /, "");
    for (const [name, value] of Object.entries(apiHeaders(token))) headers.set(name, value);
    if (!token) headers.delete("authorization");
    const signal = init.signal ?? undefined;
    return call((attempt) => fetch(input, { ...init, headers, ...attempt }), policy(method), signal);
  };
}

/**
 * The Worker's routes, typed from its own declarations (tsconfig.api.json, a project reference):
 * a renamed or reshaped route breaks the web's type check. Reads retry once after a network
 * failure; changes are never retried.
 */
export const api = hc<AppType>("/", {
  fetch: policyFetch((method) => (method === "GET" ? READ_POLICY : MUTATION_POLICY)),
}).api;

/** The event query's routes, under the spec's policy for it (§7: two retries, 1 s apart). */
const eventQueryApi = hc<AppType>("/", { fetch: policyFetch(() => EVENT_QUERY_POLICY) }).api;

/**
 * The options of one typed call: its bearer token (`null`: none, not even the opened event's;
 * undefined: the opened event's on a read) and the signal that cancels it.
 */
export function callOptions(token?: string | null, signal?: AbortSignal) {
  const headers: Record<string, string> =
    token === undefined ? {} : { authorization: token === null ? "" : `Bearer ${token}` };
  return { headers, init: signal ? { signal } : {} };
}

/** The JSON body of a typed call's answer; one that is not JSON is a network failure. */
export async function answerOf<T>(pending: Promise<ClientResponse<T, number, "json">>): Promise<T> {
  const response = await pending;
  try {
    return await response.json();
  } catch {
    throw new ApiError(response.status, "network", "unreadable response body");
  }
}

const publicScheduleUrl = (slug: string) => `/api/public/schedule/${encodeURIComponent(slug)}`;

/**
 * Whether the page's HTML already started the event's programme (a `<link rel="preload">` the
 * Worker adds for an event anyone may read, worker/pages/programme-page.ts): no session is needed
 * for that first read.
 */
function scheduleAlreadyComing(slug: string): boolean {
  const url = publicScheduleUrl(slug);
  const preload = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="fetch"]')].find(
    (link) => link.getAttribute("href") === url,
  );
  // Used once: later reads go the usual way, with the session, should the event have closed since.
  preload?.remove();
  return preload !== undefined;
}

/**
 * The programme of an event; 401 `error.prompt-password` / 403 `error.invalid-password` when
 * protected, 401 `login-required` without the `token` of a member when it lets no one in anonymously.
 */
export async function fetchPublicSchedule(
  slug: string,
  caller: { password: string | undefined; token: string | null },
  signal?: AbortSignal,
): Promise<PublicSchedule> {
  if (caller.password === undefined && scheduleAlreadyComing(slug)) {
    // The very request of the preload, with no header of ours: any difference and the browser
    // would download the whole programme a second time.
    const url = publicScheduleUrl(slug);
    const response = await call((attempt) => fetch(url, attempt), EVENT_QUERY_POLICY, signal);
    return ((await readJson(response)) as { data: PublicSchedule }).data;
  }
  const request = eventQueryApi.public.schedule[":slug"].$get(
    { param: { slug }, query: { password: caller.password } },
    callOptions(caller.token, signal),
  );
  return (await answerOf(request)).data;
}

/** The event's branding, available without its password. */
export async function fetchEventBasics(slug: string, signal?: AbortSignal): Promise<PublicEvent> {
  // Public by design, the login overlay's own data: no token to send.
  const request = eventQueryApi.public["schedule-basic"][":slug"].$get({ param: { slug } }, callOptions(null, signal));
  return (await answerOf(request)).data.event;
}

type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

interface ApiRequestOptions {
  query?: Query;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, with its own content type (an uploaded picture). */
  rawBody?: Blob;
  /** The session token of the event, sent as a bearer token. */
  token?: string | null;
  signal?: AbortSignal;
}

/**
 * Any call of our API: resolves to the parsed JSON body, or rejects with an ApiError carrying the
 * server's code and message (in the reader's language). Reads retry once after a network failure;
 * changes are never retried.
 */
export async function apiRequest(method: HttpMethod, path: string, options: ApiRequestOptions = {}): Promise<unknown> {
  const policy = method === "GET" ? READ_POLICY : MUTATION_POLICY;
  const response = await call((init) => send(method, path, options, init), policy, options.signal);
  return readJson(response);
}

/** Any failure of a call as an ApiError: what is not one (a bug, an abort) reads as a network failure. */
export function asApiError(error: unknown): ApiError {
  return error instanceof ApiError ? error : new ApiError(0, "network", String(error));
}
