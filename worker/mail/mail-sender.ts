import type { Context } from "hono";
import type { AppEnv } from "../app-env";
import { deliverMail, queueMail } from "./mail-queue";
import { mailSettings } from "./mail-settings";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the mail is for, e.g. "validate" or "reset". */
  kind: string;
}

/**
 * Sends an account e-mail through MAIL_PROVIDER: written to the outbox first, then handed to the
 * provider after the answer is sent (a failed attempt is retried by the cron, mail-queue.ts).
 * The caller never waits on the provider, so a sign-up takes the same time whether or not the
 * address already has an account (both send a mail).
 */
export async function sendMail(c: Context<AppEnv>, message: MailMessage): Promise<void> {
  const settings = mailSettings(c.env);
  const id = await queueMail(c.var.db, settings, message);
  if (settings.provider !== "outbox") c.executionCtx.waitUntil(deliverMail(c.var.db, settings, id));
}
