import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { installChangeJournal, journalCounts } from "./change-journal";
import { changedTables } from "./database-digest";

// The bad-input properties' detector of "a refusal changes nothing": it must see every change.
describe("the change journal", () => {
  beforeAll(async () => {
    await env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES ('journal-check', 0, 1)").run();
    await installChangeJournal();
  });

  const write = async (sql: string) => {
    const before = await journalCounts();
    await env.DB.prepare(sql).run();
    return changedTables(before, await journalCounts());
  };

  it("counts an insert, an update of a value and a delete in the table written", async () => {
    expect(
      await write("INSERT INTO users (email, name, password_hash, locale) VALUES ('j@example.org', 'J', 'x', 'fr')"),
    ).toEqual(["users"]);
    expect(await write("UPDATE users SET name = 'K' WHERE email = 'j@example.org'")).toEqual(["users"]);
    expect(await write("DELETE FROM users WHERE email = 'j@example.org'")).toEqual(["users"]);
  });

  it("does not count an update that leaves every value as it was, nor the counts of attempts", async () => {
    await env.DB.prepare(
      "INSERT INTO users (email, name, password_hash, locale) VALUES ('s@example.org', 'S', 'x', 'fr')",
    ).run();
    expect(await write("UPDATE users SET name = 'S' WHERE email = 's@example.org'")).toEqual([]);
    expect(await write("UPDATE rate_limits SET count = count + 1 WHERE key = 'journal-check'")).toEqual([]);
  });
});
