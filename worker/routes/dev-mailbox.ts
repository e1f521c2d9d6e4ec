import { Email } from "@core/auth/schemas";
import { DomainError, ErrorCode } from "@core/errors";
import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { emailOutbox } from "../db/schema";
import { isDevelopment } from "../deploy-config";
import { valid } from "../validation";

/**
 * The development mailbox: the mails the outbox kept for an address, reset links included, to
 * anyone who asks. Absent in production, which is the default: only .dev.vars turns it on.
 */
export const devMailboxRoutes = new Hono<AppEnv>().get(
  "/dev/mailbox",
  valid("query", v.object({ to: Email })),
  async (c) => {
    if (!isDevelopment(c.env)) throw new DomainError(ErrorCode.NotFound);
    const mails = await c.var.db
      .select({
        id: emailOutbox.id,
        to: emailOutbox.to,
        subject: emailOutbox.subject,
        text: emailOutbox.text,
        html: emailOutbox.html,
        kind: emailOutbox.kind,
        createdAt: emailOutbox.createdAt,
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.to, c.req.valid("query").to))
      .orderBy(desc(emailOutbox.id));
    return c.json({ data: mails }, 200);
  },
);
