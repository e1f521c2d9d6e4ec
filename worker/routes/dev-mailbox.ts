import { Email } from "@core/auth/schemas";
import { DomainError, ErrorCode } from "@core/errors";
import { and, desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { emailOutbox } from "../db/schema";
import { isDevelopment } from "../deploy-config";
import { mailSettings } from "../mail/mail-settings";
import { valid } from "../validation";

/**
 * The development mailbox: the mails the outbox kept for an address, reset links included, to
 * anyone who asks. Absent in production, which is the default: only .dev.vars turns it on; and
 * absent when a real provider delivers the mail (MAIL_PROVIDER other than outbox).
 */
export const devMailboxRoutes = new Hono<AppEnv>().get(
  "/dev/mailbox",
  valid("query", v.object({ to: Email })),
  async (c) => {
    if (!isDevelopment(c.env) || mailSettings(c.env).provider !== "outbox") throw new DomainError(ErrorCode.NotFound);
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
      .where(and(eq(emailOutbox.to, c.req.valid("query").to), eq(emailOutbox.status, "kept")))
      .orderBy(desc(emailOutbox.id));
    return c.json({ data: mails }, 200);
  },
);
