/** Where account e-mails go (docs/operations.md, "E-mail"). */
export const MAIL_PROVIDERS = ["outbox", "resend", "postmark", "sendgrid", "mailgun"] as const;
export type MailProviderName = (typeof MAIL_PROVIDERS)[number];

export interface MailEnv {
  ENVIRONMENT?: string;
  /** outbox (the default: kept for the dev mailbox, sent nowhere), resend, postmark, sendgrid, mailgun. */
  MAIL_PROVIDER?: string;
  /** The provider's API key (a secret: `wrangler secret put MAIL_API_KEY`). */
  MAIL_API_KEY?: string;
  /** The sender, `noreply@example.org` or `Name <noreply@example.org>`, of a domain the provider verified. */
  MAIL_FROM?: string;
  /** Overrides the provider's API origin: a self-hosted relay, Mailgun's EU region, tests. */
  MAIL_API_URL?: string;
  /** Mailgun's sending domain; MAIL_FROM's domain when unset. */
  MAIL_DOMAIN?: string;
}

export interface MailSettings {
  provider: MailProviderName;
  apiKey: string;
  from: string;
  apiUrl: string | undefined;
  domain: string | undefined;
}

const isProvider = (name: string): name is MailProviderName => (MAIL_PROVIDERS as readonly string[]).includes(name);

/** The provider's settings; throws nothing: `mailConfigProblems` says what is wrong. */
export function mailSettings(env: MailEnv): MailSettings {
  const name = env.MAIL_PROVIDER?.trim() || "outbox";
  return {
    provider: isProvider(name) ? name : "outbox",
    apiKey: env.MAIL_API_KEY ?? "",
    from: env.MAIL_FROM?.trim() ?? "",
    apiUrl: env.MAIL_API_URL?.trim() || undefined,
    domain: env.MAIL_DOMAIN?.trim() || undefined,
  };
}

/** The address inside MAIL_FROM (`Name <address>` or a bare address). */
export function fromAddress(from: string): { name: string | undefined; email: string } {
  const named = from.match(/^\s*(.*?)\s*<([^>]+)>\s*$/);
  if (named) return { name: named[1]?.replace(/^"|"$/g, "") || undefined, email: named[2] as string };
  return { name: undefined, email: from.trim() };
}

/** What keeps mail from leaving, as sentences for the operator; empty when mail can be delivered. */
export function mailConfigProblems(env: MailEnv): string[] {
  const name = env.MAIL_PROVIDER?.trim() || "outbox";
  if (!isProvider(name)) return [`MAIL_PROVIDER "${name}" is unknown: use one of ${MAIL_PROVIDERS.join(", ")}.`];
  if (name === "outbox") {
    return env.ENVIRONMENT === "development"
      ? []
      : [
          'MAIL_PROVIDER is "outbox" or unset: account e-mails would reach no one. Set MAIL_PROVIDER, MAIL_FROM and the MAIL_API_KEY secret (docs/operations.md).',
        ];
  }
  const problems: string[] = [];
  if (!env.MAIL_API_KEY)
    problems.push(`MAIL_API_KEY is not set for ${name}: run \`wrangler secret put MAIL_API_KEY\`.`);
  if (!env.MAIL_FROM || !fromAddress(env.MAIL_FROM).email.includes("@")) {
    problems.push('MAIL_FROM is not an address: add MAIL_FROM = "Name <noreply@your-domain>" to [vars].');
  }
  if (env.MAIL_API_URL && !/^https?:\/\/[^/]+/.test(env.MAIL_API_URL.trim())) {
    problems.push(`MAIL_API_URL is not an http(s) URL: "${env.MAIL_API_URL}".`);
  }
  return problems;
}
