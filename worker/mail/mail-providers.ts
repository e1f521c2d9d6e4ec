import { fromAddress, type MailSettings } from "./mail-settings";

/** A message as the outbox keeps it, with its outbox id (an idempotency key where the provider has one). */
export interface OutgoingMail {
  id: number;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  kind: string;
}

type ProviderName = Exclude<MailSettings["provider"], "outbox">;

const API_ORIGINS: Record<ProviderName, string> = {
  resend: "https://api.resend.com",
  postmark: "https://api.postmarkapp.com",
  sendgrid: "https://api.sendgrid.com",
  mailgun: "https://api.mailgun.net",
};

const json = (body: unknown) => ({ "content-type": "application/json", body: JSON.stringify(body) });

/**
 * The one HTTP request that hands a message to the provider, as its API documents it:
 * Resend `POST /emails`, Postmark `POST /email`, SendGrid `POST /v3/mail/send`, Mailgun
 * `POST /v3/{domain}/messages` (form-encoded, basic auth `api:<key>`).
 */
export function providerRequest(settings: MailSettings & { provider: ProviderName }, mail: OutgoingMail): Request {
  const origin = (settings.apiUrl ?? API_ORIGINS[settings.provider]).replace(/\/+$/, "");
  const from = fromAddress(settings.from);
  const html = mail.html ?? undefined;
  switch (settings.provider) {
    case "resend": {
      const { body, ...type } = json({
        from: settings.from,
        to: [mail.to],
        subject: mail.subject,
        text: mail.text,
        html,
      });
      return new Request(`${origin}/emails`, {
        method: "POST",
        // A retry after a lost answer is not sent twice (Resend keeps the key 24 h).
        headers: { ...type, authorization: `Bearer ${settings.apiKey}`, "idempotency-key": `outbox-${mail.id}` },
        body,
      });
    }
    case "postmark": {
      const { body, ...type } = json({
        From: settings.from,
        To: mail.to,
        Subject: mail.subject,
        TextBody: mail.text,
        HtmlBody: html,
        Tag: mail.kind,
        MessageStream: "outbound",
      });
      return new Request(`${origin}/email`, {
        method: "POST",
        headers: { ...type, accept: "application/json", "x-postmark-server-token": settings.apiKey },
        body,
      });
    }
    case "sendgrid": {
      const content = [{ type: "text/plain", value: mail.text }, ...(html ? [{ type: "text/html", value: html }] : [])];
      const { body, ...type } = json({
        personalizations: [{ to: [{ email: mail.to }] }],
        from: from.name ? { email: from.email, name: from.name } : { email: from.email },
        subject: mail.subject,
        content,
        categories: [mail.kind],
      });
      return new Request(`${origin}/v3/mail/send`, {
        method: "POST",
        headers: { ...type, authorization: `Bearer ${settings.apiKey}` },
        body,
      });
    }
    case "mailgun": {
      const domain = settings.domain ?? from.email.split("@")[1] ?? "";
      const form = new URLSearchParams({ from: settings.from, to: mail.to, subject: mail.subject, text: mail.text });
      if (html) form.set("html", html);
      form.set("o:tag", mail.kind);
      return new Request(`${origin}/v3/${encodeURIComponent(domain)}/messages`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          authorization: `Basic ${btoa(`api:${settings.apiKey}`)}`,
        },
        body: form.toString(),
      });
    }
  }
}

/** How a provider's answer is taken: delivered, worth another try later, or refused for good. */
export type ProviderOutcome = { kind: "sent" } | { kind: "retry" | "refused"; error: string };

const MAX_ERROR_CHARS = 500;

export async function outcomeOf(response: Response): Promise<ProviderOutcome> {
  if (response.ok) {
    await response.body?.cancel();
    return { kind: "sent" };
  }
  const answer = (await response.text().catch(() => "")).slice(0, MAX_ERROR_CHARS);
  const error = `${response.status} ${answer}`.trim();
  // Throttled, timed out or down: later. Any other 4xx (a bad key, a refused address) will not
  // change by itself: given up at once, the operator reads why.
  const transient = response.status === 408 || response.status === 429 || response.status >= 500;
  return { kind: transient ? "retry" : "refused", error };
}
