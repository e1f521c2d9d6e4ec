import { ROUTES, type RouteRow } from "./route-catalogue";

/**
 * The role matrix and the bad-input properties each run as this many test files, so that their
 * rows are called by several workers at once; every row is in exactly one shard.
 */
export const ROUTE_SHARDS = 3;

/**
 * Shard `shard` (1 to ROUTE_SHARDS) of the catalogue's rows. Rows are dealt in turn, so the
 * costly neighbours (uploads, processing outputs) land in different shards.
 */
export function routeShard(shard: number): RouteRow[] {
  if (!Number.isInteger(shard) || shard < 1 || shard > ROUTE_SHARDS) throw new Error(`no route shard ${shard}`);
  return ROUTES.filter((_, index) => index % ROUTE_SHARDS === shard - 1);
}
