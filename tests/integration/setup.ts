import { env } from "cloudflare:test";

// Every migration's statements in one batch: one transaction and one call into D1 per test file.
// applyD1Migrations reads and records each migration in turn, which cost every one of the ~90
// integration files more than a second (about a minute of the suite); the tests never read its
// d1_migrations bookkeeping.
const statements = (env.TEST_MIGRATIONS ?? []).flatMap((migration) => migration.queries);
await env.DB.batch(statements.map((sql) => env.DB.prepare(sql)));
