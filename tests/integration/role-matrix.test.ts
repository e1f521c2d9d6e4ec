/**
 * The role matrix: every row of route-catalogue.ts called as every caller, each answered the
 * status the product's rules give it; and no route or room of the app without a row.
 */
import { Server } from "partyserver";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import * as worker from "../../worker/index";
import { CALLERS, type CallerName, callerOf, ROUTES, type RouteRow, routeKey, rowName } from "./route-catalogue";
import { requestFor, send, succeeded } from "./route-request";
import { buildWorld, type World } from "./route-world";

let world: World;
let serial = 0;

beforeAll(async () => {
  world = await buildWorld("matrix");
}, 180_000);

/**
 * The endpoints of `app.routes`. Hono lists one entry per handler of a route (its middlewares
 * too) and one per `.use`; a `.use` registers method ALL on a wildcard path, which is a
 * middleware over other routes, not an endpoint. An `.all("/x", …)` without a wildcard would be
 * one, and would need a row.
 */
function appEndpoints(): Set<string> {
  return new Set(
    app.routes
      .filter((route) => !(route.method === "ALL" && route.path.endsWith("*")))
      .map((route) => routeKey(route.method, route.path)),
  );
}

/** The rooms the Worker routes under /parties/: its exported partyserver classes, kebab-cased. */
function roomNames(): Set<string> {
  return new Set(
    Object.entries(worker)
      .filter(([, value]) => typeof value === "function" && value.prototype instanceof Server)
      .map(([name]) => name.replace(/[A-Z]/g, (letter, index) => `${index > 0 ? "-" : ""}${letter.toLowerCase()}`)),
  );
}

const roomOf = (row: RouteRow) => row.path.match(/^\/parties\/([^/]+)\//)?.[1];

describe("the route catalogue covers the app", () => {
  it("every route of worker/app.ts has a row", () => {
    const covered = new Set(ROUTES.filter((row) => !roomOf(row)).map((row) => routeKey(row.method, row.path)));
    expect([...appEndpoints()].filter((route) => !covered.has(route))).toEqual([]);
  });

  it("every API row names a route of worker/app.ts", () => {
    const endpoints = appEndpoints();
    const rows = ROUTES.filter((row) => !roomOf(row)).map((row) => routeKey(row.method, row.path));
    expect(rows.filter((row) => !endpoints.has(row))).toEqual([]);
  });

  it("every room has a row, and every room row names a room", () => {
    const rooms = roomNames();
    expect(rooms.size).toBeGreaterThan(0);
    const named = new Set(ROUTES.map(roomOf).filter((room) => room !== undefined));
    expect([...rooms].filter((room) => !named.has(room))).toEqual([]);
    expect([...named].filter((room) => !rooms.has(room))).toEqual([]);
  });
});

/**
 * Whether an answer to a caller who sent a token may be kept by a cache: it must say `no-store`
 * (the Worker's `private, no-store` when the route states nothing, or the route's own), or be the
 * route's own revalidated private caching (the schedule with its ETag, calendar files). Stored
 * files keep theirs: the same bytes for every reader of their unguessable key.
 */
function keptFromCaches(row: RouteRow, cacheControl: string | null): boolean {
  if (row.path === "/api/files/*") return true;
  return /\bno-store\b/.test(cacheControl ?? "") || cacheControl === "private, no-cache";
}

/**
 * Calls `row` as `name`; answers the status, and the caching of an answer to a caller who sent a
 * token when a cache may keep it; leaves the world as the next caller needs it.
 */
async function callAs(row: RouteRow, name: CallerName): Promise<{ status: number; storable?: string }> {
  const caller = callerOf(world, name);
  const base = { event: caller.event, caller, serial: ++serial };
  const fill = { ...base, prepared: (await row.prepare?.(base)) ?? {} };
  const request = requestFor(row, fill);
  const answer = await send(request);
  if (succeeded(answer.status)) await row.restore?.(fill, answer.json);
  const identified = request.token !== undefined && answer.status !== 101;
  if (identified && !keptFromCaches(row, answer.cacheControl)) {
    return { status: answer.status, storable: `${name}: ${answer.status} cache-control ${answer.cacheControl}` };
  }
  return { status: answer.status };
}

describe("each caller gets the status the rules give it", () => {
  it.each(ROUTES.map((row) => [rowName(row), row] as const))("%s", async (_, row) => {
    // Refusals first: a successful call cannot then hide what a refused one did.
    const order = [...CALLERS].sort((a, b) => Number(succeeded(row.expected[a])) - Number(succeeded(row.expected[b])));
    const observed = {} as Record<CallerName, number>;
    const storable: string[] = [];
    for (const name of order) {
      const answer = await callAs(row, name);
      observed[name] = answer.status;
      if (answer.storable) storable.push(answer.storable);
    }
    expect(observed).toEqual(row.expected);
    // No cache keeps an answer given to a caller who said who they are, refusals included.
    expect(storable).toEqual([]);
  });
});
