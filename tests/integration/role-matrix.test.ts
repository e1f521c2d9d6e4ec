/**
 * The role matrix: no route or room of the app without a row in route-catalogue.ts, and the
 * first shard of the rows called as every caller (role-matrix.ts; the others in
 * role-matrix-2 and role-matrix-3).
 */
import { Server } from "partyserver";
import { describe, expect, it } from "vitest";
import { app } from "../../worker/app";
import * as worker from "../../worker/index";
import { describeRoleMatrix } from "./role-matrix";
import { ROUTES, type RouteRow, routeKey } from "./route-catalogue";
import { ROUTE_SHARDS, routeShard } from "./route-shards";

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

  it("every row is called, in exactly one shard", () => {
    const shards = Array.from({ length: ROUTE_SHARDS }, (_, index) => routeShard(index + 1));
    expect(shards.flat().sort((a, b) => ROUTES.indexOf(a) - ROUTES.indexOf(b))).toEqual(ROUTES);
  });
});

describeRoleMatrix(1);
