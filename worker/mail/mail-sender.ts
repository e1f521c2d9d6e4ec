import type { Database } from "../db/client";
import { emailOutbox } from "../db/schema";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** What the mail is for, e.g. "validate" or "reset". */
  kind: string;
}

/** Where account e-mails go. To deliver for real, implement this for a provider (README). */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
}

/**
 * Records every mail in the outbox table. In development this is the whole delivery: the dev
 * mailbox (`GET /api/dev/mailbox`) reads it. A real provider's sender also records, then sends.
 */
export function outboxSender(db: Database): MailSender {
  return {
    async send(message) {
      await db.insert(emailOutbox).values(message);
    },
  };
}
