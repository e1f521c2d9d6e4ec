import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../app-env";

/** The deploy check: ok once the database answers and the deployment has every setting it needs. */
export const healthRoutes = new Hono<AppEnv>().get("/health", async (c) => {
  await c.var.db.run(sql`select 1`);
  return c.json({ status: "ok" as const }, 200);
});
