import { env } from "cloudflare:test";

/**
 * Every row of the named tables, in storage order, as one string: equal before and after a
 * refused request when the refusal changed nothing.
 */
export async function tableDigest(...tables: string[]): Promise<string> {
  const dumps = await Promise.all(
    tables.map(async (table) => {
      if (!/^[a-z_]+$/.test(table)) throw new Error(`not a table name: ${table}`);
      const { results } = await env.DB.prepare(`select * from ${table} order by rowid`).all();
      return `${table}:${JSON.stringify(results)}`;
    }),
  );
  return dumps.join("\n");
}
