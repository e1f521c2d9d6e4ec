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

/** Calls `row` as `name`; answers the status and leaves the world as the next caller needs it. */
async function callAs(row: RouteRow, name: CallerName): Promise<number> {
  const caller = callerOf(world, name);
  const base = { event: caller.event, caller, serial: ++serial };
  const fill = { ...base, prepared: (await row.prepare?.(base)) ?? {} };
  const answer = await send(requestFor(row, fill));
  if (succeeded(answer.status)) await row.restore?.(fill, answer.json);
  return answer.status;
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
      for (const name of order) observed[name] = await callAs(row, name);
      expect(observed).toEqual(row.expected);
    });
  });
}
