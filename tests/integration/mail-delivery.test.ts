import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "../../worker/db/client";
import { emailOutbox } from "../../worker/db/schema";
import worker from "../../worker/index";
import { deliverDueMails, deliverMail, MAX_ATTEMPTS, queueMail } from "../../worker/mail/mail-queue";
import type { MailMessage } from "../../worker/mail/mail-sender";
import { mailSettings } from "../../worker/mail/mail-settings";
import frab from "../fixtures/frab-small.schedule.json";
import { ADMIN_TOKEN, getJson, importOk } from "./admin-client";

const db = openDatabase(env.DB);
const resend = mailSettings({ MAIL_PROVIDER: "resend", MAIL_API_KEY: "key", MAIL_FROM: "noreply@conf.example.org" });

const message = (to: string): MailMessage => ({
  to,
  subject: "Validez votre compte – Conf",
  text: "https://events.example.org/conf?resetcode=secret",
  html: "<p>secret</p>",
  kind: "validate",
});

/** A stand-in provider answering the given statuses in turn (200 after the last), counting its calls. */
function provider(...statuses: number[]) {
  const calls: string[] = [];
  const fetcher = vi.fn(async (url: RequestInfo | URL) => {
    calls.push(String(url));
    return new Response(statuses.length > 0 ? "down" : "{}", { status: statuses.shift() ?? 200 });
  }) as unknown as typeof fetch;
  return { calls, fetcher };
}

const row = async (id: number) => (await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)))[0];

/** Makes a queued mail due now, as the time of its next attempt passing would. */
const makeDue = (id: number) => db.update(emailOutbox).set({ nextAttemptAt: 0 }).where(eq(emailOutbox.id, id));

describe("the outbox and its deliveries", () => {
  it("keeps the mail queued when the provider answers 500, and delivers it exactly once when it answers 200", async () => {
    const id = await queueMail(db, resend, message("once@example.org"));
    const { calls, fetcher } = provider(500);
    await deliverMail(db, resend, id, fetcher);
    const queued = await row(id);
    expect(queued).toMatchObject({ status: "queued", attempts: 1, error: "500 down", sentAt: null });
    // The first retry is the next cron run: due at once.
    expect(queued?.nextAttemptAt).toBeLessThanOrEqual(Date.now());

    expect(await deliverDueMails(db, resend, fetcher)).toBeGreaterThanOrEqual(1);
    await deliverDueMails(db, resend, fetcher);
    expect(calls.filter((url) => url === "https://api.resend.com/emails")).toHaveLength(2);
    const sent = await row(id);
    expect(sent).toMatchObject({ status: "sent", attempts: 2, error: null, nextAttemptAt: null, text: "", html: null });
    expect(sent?.sentAt).toBeGreaterThan(0);
  });

  it("sends a mail once when two deliveries race for it", async () => {
    const id = await queueMail(db, resend, message("race@example.org"));
    const { calls, fetcher } = provider();
    await Promise.all([deliverMail(db, resend, id, fetcher), deliverMail(db, resend, id, fetcher)]);
    expect(calls).toHaveLength(1);
    expect((await row(id))?.status).toBe("sent");
  });

  it("gives up at once on a refusal that will not change (401), keeping the provider's answer", async () => {
    const id = await queueMail(db, resend, message("refused@example.org"));
    const { fetcher } = provider(401);
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    await deliverMail(db, resend, id, fetcher);
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 1, error: "401 down", text: "" });
    // The log names the mail and the answer, never the message's link or the key.
    expect(String(logged.mock.calls[0]?.[0])).not.toMatch(/secret|key/);
    logged.mockRestore();
  });

  it("waits longer after each failure and gives up after the last attempt", async () => {
    const id = await queueMail(db, resend, message("down@example.org"));
    const { calls, fetcher } = provider(...Array(MAX_ATTEMPTS).fill(503));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await makeDue(id);
      const before = Date.now();
      await deliverMail(db, resend, id, fetcher);
      const after = await row(id);
      if (after?.status === "queued") waits.push((after.nextAttemptAt ?? 0) - before);
    }
    logged.mockRestore();
    expect(calls).toHaveLength(MAX_ATTEMPTS);
    expect(await row(id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, error: "503 down" });
    expect(waits).toHaveLength(MAX_ATTEMPTS - 1);
    expect(waits.every((wait, index) => index === 0 || wait > (waits[index - 1] ?? 0))).toBe(true);
  });

  it("keeps the outbox provider's mails for the dev mailbox and sends them nowhere", async () => {
    const outbox = mailSettings({});
    const id = await queueMail(db, outbox, message("kept@example.org"));
    const { calls, fetcher } = provider();
    await deliverMail(db, outbox, id, fetcher);
    await deliverDueMails(db, outbox, fetcher);
    expect(calls).toHaveLength(0);
    expect(await row(id)).toMatchObject({ status: "kept", text: message("").text });
  });
});

describe("GET /api/admin/mail", () => {
  it("counts the mails by state and lists the latest with their attempts, never their text", async () => {
    const { status, body } = await getJson("/api/admin/mail?status=failed&limit=5", {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(status).toBe(200);
    expect(body.data.counts.failed).toBeGreaterThanOrEqual(2);
    expect(body.data.counts).toHaveProperty("queued");
    expect(body.data.mails.length).toBeGreaterThan(0);
    expect(body.data.mails.length).toBeLessThanOrEqual(5);
    for (const mail of body.data.mails) {
      expect(mail.status).toBe("failed");
      expect(mail).not.toHaveProperty("text");
      expect(mail).not.toHaveProperty("html");
    }
  });

  it("refuses a wrong state or limit with the field's message", async () => {
    const headers = { authorization: `Bearer ${ADMIN_TOKEN}` };
    for (const query of ["status=lost", "limit=0", "limit=201", "limit=abc"]) {
      expect((await getJson(`/api/admin/mail?${query}`, { headers })).status).toBe(400);
    }
  });
});

describe("a server whose mail goes through a provider", () => {
  beforeAll(() => importOk("mail", frab));

  // Port 9 of the test machine refuses connections: the provider is down.
  const withProvider = {
    ...env,
    MAIL_PROVIDER: "resend",
    MAIL_API_KEY: "key",
    MAIL_FROM: "noreply@conf.example.org",
    MAIL_API_URL: "http://127.0.0.1:9",
  };
  const fetchWith = async (path: string, settings: typeof env, init?: RequestInit) => {
    const context = createExecutionContext();
    const response = await worker.fetch(
      new Request(`http://localhost${path}`, init) as Parameters<typeof worker.fetch>[0],
      settings,
      context,
    );
    return { response, context };
  };

  it("has no dev mailbox, and queues a sign-up's mail for the provider", async () => {
    const { response: mailbox } = await fetchWith("/api/dev/mailbox?to=any@example.org", withProvider);
    expect(mailbox.status).toBe(404);

    // The attempt fails and the mail stays queued for the next cron run.
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const { response, context } = await fetchWith("/api/event-engagement/mail/user-signup", withProvider, {
      method: "POST",
      headers: { "content-type": "application/json", "cf-connecting-ip": "198.51.100.7" },
      body: JSON.stringify({ name: "Ana", email: "ana-provider@example.org", password: "secret-pass" }),
    });
    expect(response.status).toBe(201);
    await waitOnExecutionContext(context);
    logged.mockRestore();
    const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.to, "ana-provider@example.org"));
    expect(mail).toMatchObject({ provider: "resend", kind: "validate", attempts: 1, status: "queued" });
    expect(mail?.error).toMatch(/^no answer/);
  });

  it("answers 503 server-misconfigured in production while the mail would go nowhere, and names it in the log", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const production = { ...env, ENVIRONMENT: "production", MAIL_PROVIDER: "outbox" };
    const { response } = await fetchWith("/api/health", production);
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("server-misconfigured");
    expect(String(logged.mock.calls[0]?.[0])).toMatch(/MAIL_PROVIDER is "outbox"/);
    logged.mockRestore();
  });
});
