import { env } from "cloudflare:test";

/**
 * Tables a refused request may change, by design:
 * - rate_limits counts attempts per address and per e-mail, refused ones first of all;
 * - login_throttles counts an account's wrong passwords, which are refused (401) by definition.
 * D1's own tables (_cf_*, sqlite_*, d1_migrations) hold no product data, nor does a full-text
 * index (slide_search) or its shadow tables (slide_search_data, _idx…): the index is derived from
 * its content table (slide_pages), written only by that table's triggers, and a virtual table
 * takes no trigger of the change journal's.
 */
export const CHANGED_BY_REFUSALS = new Set(["rate_limits", "login_throttles"]);

/** The tables of the product's schema, by name (test tables, such as the change journal's, too). */
export async function productTables(): Promise<string[]> {
  const tables = await env.DB.prepare(
    `SELECT name FROM sqlite_master AS t WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'
       AND name <> 'd1_migrations' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%'
       AND NOT EXISTS (SELECT 1 FROM sqlite_master AS v WHERE v.sql LIKE 'CREATE VIRTUAL TABLE%'
         AND substr(t.name, 1, length(v.name) + 1) = v.name || '_')
     ORDER BY name`,
  ).all<{ name: string }>();
  return tables.results.map((table) => table.name);
}

async function sha256(text: string): Promise<string> {
  const bytes = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/**
 * A hash of every row of every product table (new tables included as they come), per table, in
 * one round trip: two digests differ exactly where a row was added, removed or changed.
 */
export async function databaseDigest(): Promise<Record<string, string>> {
  const names = (await productTables()).filter((name) => !CHANGED_BY_REFUSALS.has(name));
  const contents = await env.DB.batch(names.map((name) => env.DB.prepare(`SELECT * FROM "${name}" ORDER BY rowid`)));
  const hashes = await Promise.all(contents.map((content) => sha256(JSON.stringify(content.results))));
  return Object.fromEntries(names.map((name, index) => [name, hashes[index] as string]));
}

/** The tables whose digest differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]);
}

/**
 * The `table.column`s holding a string that `pattern` matches, in every product table: where a
 * text the server should have cleaned was stored as sent.
 */
export async function columnsMatching(pattern: RegExp): Promise<string[]> {
  const names = await productTables();
  const contents = await env.DB.batch(names.map((name) => env.DB.prepare(`SELECT * FROM "${name}"`)));
  const found = new Set<string>();
  contents.forEach((content, index) => {
    for (const row of content.results as Record<string, unknown>[]) {
      for (const [column, value] of Object.entries(row)) {
        if (typeof value === "string" && pattern.test(value)) found.add(`${names[index]}.${column}`);
      }
    }
  });
  return [...found];
}
