/**
 * A room state stored as rows, so no stored value grows with the quiz (a Durable Object's SQLite
 * refuses any value over 2 MB, which one JSON value of 30,000 answers reached): the big
 * collections one row per entity, everything else in one small `meta` row. New top-level fields
 * ride along in `meta` without a change here.
 *
 * A snapshot writes only what changed since the previous one. States are immutable with
 * structural sharing (evolve.ts copies a collection before changing it), so an entity whose
 * reference is unchanged is unchanged: the comparison reads references, and only changed
 * entities are serialized and written.
 */

/** A stored row: `meta`, or a JSON array `[field, key]` / `[field, key, innerKey]`. */
export interface StateRow {
  key: string;
  value: string;
}

export interface RowChanges {
  upserts: StateRow[];
  deletes: string[];
}

/**
 * The top-level fields kept one row per entity, with how many record levels lead to an entity:
 * 1 for `players[id]`, 2 for `answers[questionId][playerId]`.
 */
export type Collections = Readonly<Record<string, 1 | 2>>;

/** The quiz's big collections; the rest (phase, questions, timer, run…) is the meta row. */
export const QUIZ_COLLECTIONS: Collections = { players: 1, answers: 2, selecting: 1 };

export const META_KEY = "meta";

type Entities = Record<string, unknown>;

const rowKey = (path: string[]) => JSON.stringify(path);

/** The rows that turn the stored `previous` (undefined: nothing stored) into `next`. */
export function snapshotChanges<State extends object>(
  collections: Collections,
  previous: State | undefined,
  next: State,
): RowChanges {
  const changes: RowChanges = { upserts: [], deletes: [] };
  const prev = previous as Record<string, unknown> | undefined;
  const now = next as Record<string, unknown>;
  const metaChanged = !prev || Object.keys(now).some((field) => !(field in collections) && now[field] !== prev[field]);
  if (metaChanged) changes.upserts.push({ key: META_KEY, value: JSON.stringify(metaOf(collections, now)) });
  for (const [field, depth] of Object.entries(collections)) {
    diff(changes, [field], (prev?.[field] ?? {}) as Entities, (now[field] ?? {}) as Entities, depth);
  }
  return changes;
}

/**
 * Compares one record level by reference, `depth` levels above the entities: a row for each
 * entity added or replaced, a deletion for each removed, nothing under an unchanged reference.
 */
function diff(changes: RowChanges, path: string[], stored: Entities, after: Entities, depth: number) {
  if (stored === after) return;
  let before = stored;
  if (!sameOrder(before, after)) {
    // A record built anew (a reset, then players joining again): its rows are written again, last,
    // so reading them in the order written gives its keys' order.
    diff(changes, path, before, {}, depth);
    before = {};
  }
  for (const [key, value] of Object.entries(after)) {
    const old = Object.hasOwn(before, key) ? before[key] : undefined;
    if (old === value) continue;
    if (depth > 1) diff(changes, [...path, key], (old ?? {}) as Entities, value as Entities, depth - 1);
    else changes.upserts.push({ key: rowKey([...path, key]), value: JSON.stringify(value) });
  }
  for (const [key, value] of Object.entries(before)) {
    if (Object.hasOwn(after, key)) continue;
    if (depth > 1) diff(changes, [...path, key], value as Entities, {}, depth - 1);
    else changes.deletes.push(rowKey([...path, key]));
  }
}

/**
 * Whether `after`'s keys are in the order a copy of `before` would have them: the keys both have
 * in the same order, before any new key. Integer-like keys are left out: JavaScript lists them
 * first, in numeric order, however they were added.
 */
function sameOrder(before: Entities, after: Entities): boolean {
  const kept = Object.keys(before).filter((key) => !isIndex(key) && Object.hasOwn(after, key));
  let index = 0;
  let added = false;
  for (const key of Object.keys(after)) {
    if (isIndex(key)) continue;
    if (!Object.hasOwn(before, key)) added = true;
    else if (added || kept[index++] !== key) return false;
  }
  return true;
}

const isIndex = (key: string) => String(Number(key) >>> 0) === key && key !== "4294967295";

function metaOf(collections: Collections, state: Record<string, unknown>): Record<string, unknown> {
  const meta: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(state)) if (!(field in collections)) meta[field] = value;
  return meta;
}

/**
 * The state the rows describe, in the order given (the order they were first written, so
 * players keep their joining order). Fields missing from an older `meta` row take `initial`'s.
 */
export function stateFromRows<State extends object>(
  collections: Collections,
  initial: State,
  rows: Iterable<StateRow>,
): State {
  const state: Record<string, unknown> = { ...(initial as Record<string, unknown>) };
  for (const field of Object.keys(collections)) state[field] = {};
  for (const row of rows) {
    if (row.key === META_KEY) {
      Object.assign(state, JSON.parse(row.value));
      continue;
    }
    const [field, key, inner] = JSON.parse(row.key) as string[];
    if (field === undefined || key === undefined) continue;
    const entities = state[field] as Entities;
    if (collections[field] === 2 && inner !== undefined) {
      entities[key] ??= {};
      (entities[key] as Entities)[inner] = JSON.parse(row.value);
    } else entities[key] = JSON.parse(row.value);
  }
  return state as State;
}
