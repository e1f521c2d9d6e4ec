import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { emailOutbox } from "../db/schema";
import { type OutgoingMail, outcomeOf, providerRequest } from "./mail-providers";
import type { MailMessage } from "./mail-sender";
import type { MailSettings } from "./mail-settings";

/**
 * After the n-th failed attempt, the wait before the next one. The first retry is the next
 * cron run (every 5 minutes, wrangler.toml); after the last attempt the mail is `failed`.
 */
const RETRY_DELAYS_MS = [0, 5 * 60_000, 15 * 60_000, 60 * 60_000, 3 * 60 * 60_000];
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** A delivery that died mid-way (its isolate ended) frees its claim after this long. */
const CLAIM_MS = 10 * 60_000;
const PROVIDER_TIMEOUT_MS = 10_000;
/** Mails tried per cron run; a backlog drains over the next runs. */
const DUE_PER_RUN = 50;

/**
 * Writes the message to the outbox first, so nothing is lost if the provider is down: `kept`
 * for the outbox provider (the dev mailbox reads it), `queued` for a real one. Returns its id.
 */
export async function queueMail(db: Database, settings: MailSettings, message: MailMessage): Promise<number> {
  const outbox = settings.provider === "outbox";
  const [row] = await db
    .insert(emailOutbox)
    .values({
      ...message,
      provider: settings.provider,
      status: outbox ? "kept" : "queued",
      nextAttemptAt: outbox ? null : Date.now(),
    })
    .returning({ id: emailOutbox.id });
  return (row as { id: number }).id;
}

/** Takes the mail for one delivery attempt, unless another delivery holds it or it is not due. */
async function claim(db: Database, id: number, now: number): Promise<OutgoingMail | undefined> {
  const [row] = await db
    .update(emailOutbox)
    .set({ status: "sending", nextAttemptAt: now + CLAIM_MS, attempts: sql`${emailOutbox.attempts} + 1` })
    .where(
      and(
        eq(emailOutbox.id, id),
        inArray(emailOutbox.status, ["queued", "sending"]),
        lte(emailOutbox.nextAttemptAt, now),
      ),
    )
    .returning();
  return row;
}

/**
 * One delivery attempt of an outbox mail through the provider. Sent or given up, the message's
 * text goes (it holds single-use links); the provider's refusal stays for the operator.
 */
export async function deliverMail(
  db: Database,
  settings: MailSettings,
  id: number,
  fetcher: typeof fetch = fetch,
): Promise<void> {
  if (settings.provider === "outbox") return;
  const now = Date.now();
  const mail = await claim(db, id, now);
  if (!mail) return;
  const attempts = (mail as OutgoingMail & { attempts: number }).attempts;
  let outcome: Awaited<ReturnType<typeof outcomeOf>>;
  try {
    const request = providerRequest({ ...settings, provider: settings.provider }, mail);
    // The body as a string, not the Request's stream: a refused connection then fails this fetch
    // alone, without an unhandled rejection of the stream's upload inside the runtime.
    const answer = await fetcher(request.url, {
      method: request.method,
      headers: request.headers,
      body: await request.text(),
      signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
    });
    outcome = await outcomeOf(answer);
  } catch (error) {
    outcome = { kind: "retry", error: `no answer: ${error instanceof Error ? error.message : String(error)}` };
  }
  const forgetBody = { text: "", html: null };
  if (outcome.kind === "sent") {
    await db
      .update(emailOutbox)
      .set({ ...forgetBody, status: "sent", sentAt: Date.now(), nextAttemptAt: null, error: null })
      .where(eq(emailOutbox.id, id));
    return;
  }
  const givenUp = outcome.kind === "refused" || attempts >= MAX_ATTEMPTS;
  // The operator's log names the mail and the provider's answer, never the message or the key.
  console.error(`mail ${id} (${mail.kind}) via ${settings.provider}, attempt ${attempts}: ${outcome.error}`);
  await db
    .update(emailOutbox)
    .set(
      givenUp
        ? { ...forgetBody, status: "failed", nextAttemptAt: null, error: outcome.error }
        : { status: "queued", nextAttemptAt: Date.now() + (RETRY_DELAYS_MS[attempts - 1] ?? 0), error: outcome.error },
    )
    .where(eq(emailOutbox.id, id));
}

/** The cron's part: every mail due for a (first or next) attempt, oldest first. Returns how many were tried. */
export async function deliverDueMails(db: Database, settings: MailSettings, fetcher: typeof fetch = fetch) {
  if (settings.provider === "outbox") return 0;
  const now = Date.now();
  const due = await db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(and(inArray(emailOutbox.status, ["queued", "sending"]), lte(emailOutbox.nextAttemptAt, now)))
    .orderBy(asc(emailOutbox.id))
    .limit(DUE_PER_RUN);
  for (const { id } of due) await deliverMail(db, settings, id, fetcher);
  return due.length;
}
