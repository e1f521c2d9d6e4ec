import { SELF } from "cloudflare:test";
import { ADMIN_TOKEN } from "./admin-client";

let address = 0;
/** A fresh client address per caller, so the per-address rate limit of one test spares the others. */
export const newAddress = () => `203.0.113.${++address}`;

export interface CallResult {
  status: number;
  body: any;
}

export async function call(
  method: string,
  path: string,
  options: {
    body?: unknown;
    token?: string;
    ip?: string;
    locale?: "fr" | "en";
    rawBody?: BodyInit;
    type?: string;
  } = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { "cf-connecting-ip": options.ip ?? newAddress() };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.locale) headers["x-locale"] = options.locale;
  let body: BodyInit | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  if (options.type) headers["content-type"] = options.type;
  const response = await SELF.fetch(`http://localhost${path}`, { method, headers, body });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

/** The code of the newest mail of `kind` sent to `email`, read from the dev mailbox. */
export async function codeFromMailbox(email: string, parameter: "resetcode" | "resettoken"): Promise<string> {
  const { body } = await call("GET", `/api/dev/mailbox?to=${encodeURIComponent(email)}`);
  for (const mail of body.data as { text: string }[]) {
    const code = mail.text.match(new RegExp(`[?&]${parameter}=([0-9a-f]+)`))?.[1];
    if (code) return code;
  }
  throw new Error(`no ${parameter} mail for ${email}`);
}

/** Signs up, validates through the mailed code and logs in; returns the session token and user. */
export async function signUpAndLogIn(slug: string, email: string, password = "secret-pass") {
  const signup = await call("POST", `/api/event-engagement/${slug}/user-signup`, {
    body: { name: "Test User", email, password },
  });
  if (signup.status !== 201) throw new Error(`signup ${signup.status} ${JSON.stringify(signup.body)}`);
  const code = await codeFromMailbox(email, "resetcode");
  await call("POST", `/api/event-engagement/${slug}/user-reset-validate`, { body: { token: code } });
  const login = await call("POST", `/api/event-engagement/${slug}/user-login`, { body: { email, password } });
  if (login.status !== 200) throw new Error(`login ${login.status} ${JSON.stringify(login.body)}`);
  return login.body.data as { token: string; id: number; user: Record<string, unknown> };
}

export async function addMember(slug: string, member: Record<string, unknown>) {
  const response = await SELF.fetch(`http://localhost/api/admin/events/${slug}/members`, {
    method: "PUT",
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify(member),
  });
  if (response.status !== 200) throw new Error(`member ${response.status} ${await response.text()}`);
}
