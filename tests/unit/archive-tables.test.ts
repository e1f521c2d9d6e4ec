import { getTableConfig, SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { ARCHIVE_TABLES, archiveTableName, TABLES_LEFT_OUT } from "../../worker/archive/archive-tables";
import * as schema from "../../worker/db/schema";

const schemaTables = (Object.values(schema) as unknown[])
  .filter((value): value is SQLiteTable => value instanceof SQLiteTable)
  .map((table) => getTableConfig(table).name);

describe("an event archive's tables", () => {
  it("takes every table of the schema or leaves it out with a reason, never both", () => {
    expect(schemaTables.length).toBeGreaterThan(30);
    const archived = ARCHIVE_TABLES.map(archiveTableName);
    const leftOut = Object.keys(TABLES_LEFT_OUT);
    expect(schemaTables.filter((name) => !archived.includes(name) && !leftOut.includes(name))).toEqual([]);
    expect(archived.filter((name) => leftOut.includes(name))).toEqual([]);
    expect(leftOut.filter((name) => !schemaTables.includes(name))).toEqual([]);
  });
});
