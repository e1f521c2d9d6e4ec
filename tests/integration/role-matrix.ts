/**
 * The role matrix's calls: every row of a shard of route-catalogue.ts called as every caller,
 * each answered the status the product's rules give it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { CALLERS, type CallerName, callerOf, type RouteRow, rowName } from "./route-catalogue";
import { requestFor, send, succeeded } from "./route-request";
import { routeShard } from "./route-shards";
import { buildWorld, type World } from "./route-world";

let world: World;
let serial = 0;

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

/** The matrix over shard `shard` of the rows (route-shards.ts), on a world of its own. */
export function describeRoleMatrix(shard: number): void {
  beforeAll(async () => {
    world = await buildWorld("matrix");
  }, 180_000);

  describe("each caller gets the status the rules give it", () => {
    it.each(routeShard(shard).map((row) => [rowName(row), row] as const))("%s", async (_, row) => {
      // Refusals first: a successful call cannot then hide what a refused one did.
      const order = [...CALLERS].sort(
        (a, b) => Number(succeeded(row.expected[a])) - Number(succeeded(row.expected[b])),
      );
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
}
