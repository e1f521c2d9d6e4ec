import { env } from "cloudflare:test";
import { CHANGED_BY_REFUSALS, productTables } from "./database-digest";

const JOURNAL = "test_change_journal";

/**
 * Counts, per product table, the writes that changed it: triggers (in the test database only)
 * bump a table's count on every insert, every delete and every update that changes a value of
 * the row. Two readings differ exactly where a row was added, removed or changed, as two
 * `databaseDigest`s would, at the cost of one small query instead of reading every table.
 */
export async function installChangeJournal(): Promise<void> {
  await env.DB.prepare(`CREATE TABLE IF NOT EXISTS ${JOURNAL} (name TEXT PRIMARY KEY, count INTEGER NOT NULL)`).run();
  const tables = (await productTables()).filter((name) => !CHANGED_BY_REFUSALS.has(name) && name !== JOURNAL);
  const statements = [];
  for (const table of tables) {
    const columns = await env.DB.prepare(`SELECT name FROM pragma_table_info('${table}')`).all<{ name: string }>();
    const changedValue = columns.results.map(({ name }) => `OLD."${name}" IS NOT NEW."${name}"`).join(" OR ");
    const bump = `INSERT INTO ${JOURNAL} (name, count) VALUES ('${table}', 1) ON CONFLICT (name) DO UPDATE SET count = count + 1`;
    statements.push(
      `CREATE TRIGGER IF NOT EXISTS "journal_insert_${table}" AFTER INSERT ON "${table}" BEGIN ${bump}; END`,
      `CREATE TRIGGER IF NOT EXISTS "journal_delete_${table}" AFTER DELETE ON "${table}" BEGIN ${bump}; END`,
      `CREATE TRIGGER IF NOT EXISTS "journal_update_${table}" AFTER UPDATE ON "${table}" WHEN ${changedValue} BEGIN ${bump}; END`,
    );
  }
  await env.DB.batch(statements.map((statement) => env.DB.prepare(statement)));
}

/** How many changing writes each product table has had since the journal was installed. */
export async function journalCounts(): Promise<Record<string, string>> {
  const rows = await env.DB.prepare(`SELECT name, count FROM ${JOURNAL} ORDER BY name`).all<{
    name: string;
    count: number;
  }>();
  return Object.fromEntries(rows.results.map(({ name, count }) => [name, String(count)]));
}
