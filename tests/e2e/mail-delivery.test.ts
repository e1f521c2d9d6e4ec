import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminClient } from "../../scripts/lib/admin-client";
import { ensureDevVars } from "../../scripts/lib/dev-vars";
import { applyLocalMigrations, freePort, startLocalServer } from "../../scripts/lib/local-server";
import frab from "../fixtures/frab-small.schedule.json";

/**
 * `npm start`'s server with MAIL_PROVIDER set to each provider and MAIL_API_URL on a stand-in of
 * its API: a sign-up's validation mail and a forgotten password's reset link reach the stand-in,
 * in the user's language, with links on PUBLIC_URL; a provider down once delivers on the retry.
 */
interface Received {
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

let received: Received[] = [];
/** Statuses the stand-in answers next, in turn; 200 once they run out. */
let nextStatuses: number[] = [];
const standIn = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => {
    body += chunk;
  });
  request.on("end", () => {
    received.push({ path: request.url ?? "", headers: request.headers, body });
    const status = nextStatuses.shift() ?? 200;
    response
      .writeHead(status, { "content-type": "application/json" })
      .end(status === 200 ? '{"id":"1"}' : '{"message":"down"}');
  });
});

/** The mail's plain text and subject, wherever the provider's API carries them. */
function mailOf(provider: string, request: Received): { subject: string; text: string } {
  if (provider === "mailgun") {
    const form = new URLSearchParams(request.body);
    return { subject: form.get("subject") ?? "", text: form.get("text") ?? "" };
  }
  const body = JSON.parse(request.body);
  if (provider === "postmark") return { subject: body.Subject, text: body.TextBody };
  if (provider === "sendgrid") return { subject: body.subject, text: body.content[0].value };
  return { subject: body.subject, text: body.text };
}

const stateDir = mkdtempSync(join(tmpdir(), "e2e-mail-"));
const { adminToken } = ensureDevVars();
let apiUrl = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  await applyLocalMigrations(stateDir);
});
afterAll(async () => {
  await new Promise<void>((resolve) => standIn.close(() => resolve()));
  rmSync(stateDir, { recursive: true, force: true });
});

async function withProvider<T>(
  provider: string,
  run: (server: Awaited<ReturnType<typeof startLocalServer>>) => Promise<T>,
): Promise<T> {
  const server = await startLocalServer({
    port: await freePort(),
    stateDir,
    quiet: true,
    vars: {
      MAIL_PROVIDER: provider,
      MAIL_API_KEY: "key-e2e",
      MAIL_FROM: "Conf <noreply@conf.example.org>",
      MAIL_API_URL: apiUrl,
    },
  });
  try {
    await new AdminClient(server.url, adminToken).importSchedule("mail", frab);
    return await run(server);
  } finally {
    await server.stop();
  }
}

const post = (url: string, path: string, body: unknown, locale: "fr" | "en") =>
  fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-locale": locale },
    body: JSON.stringify(body),
  });

/** Waits for the stand-in to have received `count` requests (delivery follows the answer). */
async function receivedCount(count: number): Promise<Received[]> {
  await expect.poll(() => received.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return received;
}

describe("account e-mails through a provider", () => {
  it.each([
    ["resend", "/emails", "en"],
    ["postmark", "/email", "fr"],
    ["sendgrid", "/v3/mail/send", "en"],
    ["mailgun", "/v3/conf.example.org/messages", "fr"],
  ] as const)(
    "%s gets the validation mail and the reset link, in the user's language",
    {
      timeout: 60_000,
    },
    async (provider, path, locale) => {
      await withProvider(provider, async (server) => {
        received = [];
        const email = `ana-${provider}@example.org`;
        const signup = await post(
          server.url,
          "/api/event-engagement/mail/user-signup",
          { name: "Ana", email, password: "secret-pass" },
          locale,
        );
        expect(signup.status).toBe(201);
        const [validation] = await receivedCount(1);
        expect(validation?.path).toBe(path);
        const mail = mailOf(provider, validation as Received);
        expect(mail.subject).toMatch(locale === "en" ? /^Validate your account/ : /^Validez votre compte/);
        const code = mail.text.match(new RegExp(`${server.url}/mail\\?resetcode=([0-9a-f]{64})`))?.[1];
        expect(code).toBeDefined();
        // The mailed code validates the account: the mail is the real one.
        expect(
          (await post(server.url, "/api/event-engagement/mail/user-reset-validate", { token: code }, locale)).status,
        ).toBe(200);

        expect(
          (await post(server.url, "/api/event-engagement/mail/user-forgot-password", { email }, locale)).status,
        ).toBe(200);
        const [, reset] = await receivedCount(2);
        expect(mailOf(provider, reset as Received).text).toMatch(
          new RegExp(`${server.url}/mail\\?resettoken=[0-9a-f]{64}`),
        );

        // No dev mailbox once a provider delivers the mail.
        expect((await fetch(`${server.url}/api/dev/mailbox?to=${email}`)).status).toBe(404);
      });
    },
  );

  it("delivers exactly once when the provider answers 500, then 200 on the next cron run", {
    timeout: 60_000,
  }, async () => {
    await withProvider("resend", async (server) => {
      received = [];
      nextStatuses = [500];
      const email = "retry@example.org";
      expect(
        (
          await post(
            server.url,
            "/api/event-engagement/mail/user-signup",
            { name: "Ré", email, password: "secret-pass" },
            "fr",
          )
        ).status,
      ).toBe(201);
      await receivedCount(1);
      await server.runScheduled();
      const [first, second] = await receivedCount(2);
      // The same message both times, under the same idempotency key; nothing more.
      expect(second?.headers["idempotency-key"]).toBe(first?.headers["idempotency-key"]);
      expect(second?.body).toBe(first?.body);
      await server.runScheduled();
      expect(received).toHaveLength(2);

      const report = await fetch(`${server.url}/api/admin/mail?limit=1`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      const { data } = (await report.json()) as { data: { mails: { to: string; status: string; attempts: number }[] } };
      expect(data.mails[0]).toMatchObject({ to: email, status: "sent", attempts: 2 });
    });
  });
});
