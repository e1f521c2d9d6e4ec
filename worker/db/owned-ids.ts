/**
 * An id in a body proves nothing (STYLE §14). A write that takes ids from a body runs as one D1
 * batch, which is a transaction, and starts it with `guardOwnership`: that statement checks,
 * inside the transaction, that every such id belongs to the resource the path names. When one
 * does not, the statement fails, D1 rolls the whole batch back, and the caller gets `foreign-id`:
 * nothing is written, and no id of another presentation or event is ever touched.
 */

import { DomainError, ErrorCode } from "@core/errors";
import { type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { Database } from "./client";

// SQLite refuses a JSON path that does not start with "$", and its message quotes the path.
const GUARD_MARKER = "id-outside-the-path-resource";

/**
 * True when `belongs(value)` holds for every value listed (true for an empty list). The list is
 * bound as one JSON parameter, whatever its length; `value` is each element as SQLite reads it
 * from `json_each` (a number, or JSON text for an array, read with `json_extract`).
 */
export function everyListed(values: readonly unknown[], belongs: (value: SQL) => SQL): SQL {
  return sql`not exists (
    select 1 from json_each(${JSON.stringify(values)}) as listed where not (${belongs(sql`listed.value`)}))`;
}

/** The first statement of a guarded batch: it fails, and so rolls the batch back, unless `owned` holds. */
export function guardOwnership(db: Database, owned: SQL) {
  // A query builder, not `db.run`: drizzle's D1 batch binds only built queries' parameters.
  return db
    .select({ checked: sql`json_extract('{}', case when ${owned} then '$' else ${GUARD_MARKER} end)` })
    .from(sql`(select 1)`);
}

function isGuardFailure(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause.message.includes(GUARD_MARKER)) return true;
  }
  return false;
}

/** Runs a batch that starts with `guardOwnership`: a failed guard is `foreign-id` and nothing was written. */
export async function runGuardedBatch(
  db: Database,
  statements: [ReturnType<typeof guardOwnership>, ...BatchItem<"sqlite">[]],
): Promise<void> {
  try {
    await db.batch(statements);
  } catch (error) {
    if (isGuardFailure(error)) throw new DomainError(ErrorCode.ForeignId);
    throw error;
  }
}
