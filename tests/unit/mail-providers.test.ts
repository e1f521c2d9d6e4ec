import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cronIntervalMs } from "../../scripts/lib/local-server";
import { type OutgoingMail, outcomeOf, providerRequest } from "../../worker/mail/mail-providers";
import { mailConfigProblems, mailSettings } from "../../worker/mail/mail-settings";

interface Received {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** A stand-in for the providers' APIs: records each request and answers the next queued status. */
let received: Received[] = [];
const server = createServer((request, response) => {
  let body = "";
  request.on("data", (chunk) => {
    body += chunk;
  });
  request.on("end", () => {
    received.push({ method: request.method ?? "", path: request.url ?? "", headers: request.headers, body });
    response.writeHead(200, { "content-type": "application/json" }).end('{"id":"stand-in"}');
  });
});
let apiUrl = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const mail: OutgoingMail = {
  id: 42,
  to: "ana@example.org",
  subject: "Validez votre compte – Conf",
  text: "Bonjour Ana : https://events.example.org/conf?resetcode=abc",
  html: '<p>Bonjour Ana : <a href="https://events.example.org/conf?resetcode=abc">Valider</a></p>',
  kind: "validate",
};

async function sendThrough(provider: string, extra: Record<string, string> = {}): Promise<Received> {
  received = [];
  const settings = mailSettings({
    MAIL_PROVIDER: provider,
    MAIL_API_KEY: "key-123",
    MAIL_FROM: "Conf <noreply@conf.example.org>",
    MAIL_API_URL: apiUrl,
    ...extra,
  });
  if (settings.provider === "outbox") throw new Error("not a provider");
  const answer = await fetch(providerRequest({ ...settings, provider: settings.provider }, mail));
  expect(answer.status).toBe(200);
  expect(received).toHaveLength(1);
  return received[0] as Received;
}

describe("each provider's request, as its API documents it", () => {
  it("Resend: POST /emails, a bearer key, JSON with both bodies and an idempotency key", async () => {
    const request = await sendThrough("resend");
    expect([request.method, request.path]).toEqual(["POST", "/emails"]);
    expect(request.headers.authorization).toBe("Bearer key-123");
    expect(request.headers["idempotency-key"]).toBe("outbox-42");
    expect(JSON.parse(request.body)).toEqual({
      from: "Conf <noreply@conf.example.org>",
      to: ["ana@example.org"],
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  });

  it("Postmark: POST /email with the server token header and its field names", async () => {
    const request = await sendThrough("postmark");
    expect([request.method, request.path]).toEqual(["POST", "/email"]);
    expect(request.headers["x-postmark-server-token"]).toBe("key-123");
    expect(request.headers.accept).toBe("application/json");
    expect(JSON.parse(request.body)).toMatchObject({
      From: "Conf <noreply@conf.example.org>",
      To: "ana@example.org",
      Subject: mail.subject,
      TextBody: mail.text,
      HtmlBody: mail.html,
      MessageStream: "outbound",
    });
  });

  it("SendGrid: POST /v3/mail/send, personalizations, the sender split into address and name", async () => {
    const request = await sendThrough("sendgrid");
    expect([request.method, request.path]).toEqual(["POST", "/v3/mail/send"]);
    expect(request.headers.authorization).toBe("Bearer key-123");
    expect(JSON.parse(request.body)).toMatchObject({
      personalizations: [{ to: [{ email: "ana@example.org" }] }],
      from: { email: "noreply@conf.example.org", name: "Conf" },
      subject: mail.subject,
      content: [
        { type: "text/plain", value: mail.text },
        { type: "text/html", value: mail.html },
      ],
    });
  });

  it("Mailgun: POST /v3/{the sender's domain}/messages, basic auth api:key, a form", async () => {
    const request = await sendThrough("mailgun");
    expect([request.method, request.path]).toEqual(["POST", "/v3/conf.example.org/messages"]);
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from("api:key-123").toString("base64")}`);
    expect(request.headers["content-type"]).toBe("application/x-www-form-urlencoded");
    const form = new URLSearchParams(request.body);
    expect(Object.fromEntries(form)).toMatchObject({
      from: "Conf <noreply@conf.example.org>",
      to: "ana@example.org",
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    const otherDomain = await sendThrough("mailgun", { MAIL_DOMAIN: "mg.conf.example.org" });
    expect(otherDomain.path).toBe("/v3/mg.conf.example.org/messages");
  });
});

describe("a provider's answer", () => {
  it("is sent on 2xx, tried again on 408, 429 and 5xx, refused for good on another 4xx", async () => {
    expect(await outcomeOf(new Response("{}", { status: 202 }))).toEqual({ kind: "sent" });
    for (const status of [408, 429, 500, 503]) {
      expect((await outcomeOf(new Response("busy", { status }))).kind).toBe("retry");
    }
    expect(await outcomeOf(new Response('{"message":"bad key"}', { status: 401 }))).toEqual({
      kind: "refused",
      error: '401 {"message":"bad key"}',
    });
    const long = await outcomeOf(new Response("x".repeat(5_000), { status: 500 }));
    expect(long.kind === "retry" && long.error.length).toBeLessThan(510);
  });
});

describe("the mail settings", () => {
  it("refuse the outbox in production, unset or named, and accept it in development", () => {
    expect(mailConfigProblems({ ENVIRONMENT: "production" })[0]).toMatch(/MAIL_PROVIDER is "outbox" or unset/);
    expect(mailConfigProblems({ MAIL_PROVIDER: "outbox" })).toHaveLength(1);
    expect(mailConfigProblems({ ENVIRONMENT: "development" })).toEqual([]);
  });

  it("name what a real provider lacks, and refuse an unknown provider", () => {
    expect(mailConfigProblems({ MAIL_PROVIDER: "resend" }).join(" ")).toMatch(/MAIL_API_KEY.*MAIL_FROM/);
    expect(mailConfigProblems({ MAIL_PROVIDER: "resend", MAIL_API_KEY: "k", MAIL_FROM: "a@b.org" })).toEqual([]);
    expect(mailConfigProblems({ MAIL_PROVIDER: "pigeon" })[0]).toMatch(/unknown/);
    expect(
      mailConfigProblems({
        MAIL_PROVIDER: "postmark",
        MAIL_API_KEY: "k",
        MAIL_FROM: "a@b.org",
        MAIL_API_URL: "ftp://x",
      }),
    ).toHaveLength(1);
  });
});

describe("the local server's cron timers", () => {
  it("run wrangler.toml's crons at their rates and refuse a form they cannot", () => {
    expect(cronIntervalMs("*/5 * * * *")).toBe(5 * 60_000);
    expect(cronIntervalMs("17 * * * *")).toBe(3_600_000);
    expect(() => cronIntervalMs("0 3 * * 1")).toThrow(/cannot run/);
  });
});
