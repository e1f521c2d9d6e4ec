import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../app-env";

export const healthRoutes = new Hono<AppEnv>().get("/health", async (c) => {
  await c.var.db.run(sql`select 1`);
  return c.json({ status: "ok" as const }, 200);
});
