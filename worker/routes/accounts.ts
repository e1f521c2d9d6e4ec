import {
  ForgotPasswordBody,
  LoginBody,
  ResetPasswordBody,
  SignupBody,
  SpeakerLoginBody,
  ValidateUserBody,
} from "@core/auth/schemas";
import { DomainError, ErrorCode } from "@core/errors";
import { type Context, Hono } from "hono";
import * as v from "valibot";
import type { AppEnv } from "../app-env";
import { hashAccountCode, newAccountCode } from "../auth/account-codes";
import { hashPassword, verifyPassword } from "../auth/password";
import { guardPasswordCheck, limitAccountMailRequest } from "../auth/rate-limit";
import { issueToken } from "../auth/tokens";
import { toUserView } from "../auth/user-view";
import { type EventRow, findEventByReference } from "../db/queries/events";
import {
  consumeAccountCode,
  createUser,
  findMembership,
  findUserByEmail,
  joinEvent,
  markEmailValidated,
  setPassword,
  storeAccountCode,
  type UserRow,
} from "../db/queries/users";
import { publicOrigin } from "../deploy-config";
import { requestLocale } from "../errors";
import { accountMail } from "../mail/account-mails";
import { sendMail } from "../mail/mail-sender";
import { valid } from "../validation";

const EventParam = v.object({ event: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/)) });

// Verifying against a throw-away hash when the e-mail is unknown keeps the answer time the same,
// so timing does not tell which e-mails have accounts. Made on first use: the runtime forbids
// random values at module scope.
let unknownUserHash: Promise<string> | undefined;
const throwAwayHash = () => {
  unknownUserHash ??= hashPassword("unknown-user-placeholder");
  return unknownUserHash;
};

async function eventOf(c: Context<AppEnv>, reference: string): Promise<EventRow> {
  const event = await findEventByReference(c.var.db, reference);
  if (!event) throw new DomainError(ErrorCode.EventNotFound);
  return event;
}

/**
 * The e-mailed link: the page the user came from (or the event home) with the code in its query,
 * always on PUBLIC_URL: the request's Host is the caller's to choose, and would carry the code away.
 */
function accountLink(c: Context<AppEnv>, event: EventRow, redirect: string | undefined, query: Record<string, string>) {
  const url = new URL(redirect ?? `/${event.slug}`, publicOrigin(c.env));
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  return url.toString();
}

const mailLocale = (user: UserRow) => (user.locale === "en" ? "en" : "fr");

async function mailCode(
  c: Context<AppEnv>,
  input: { kind: "validate" | "reset"; user: UserRow; event: EventRow; redirect: string | undefined },
) {
  const { code, codeHash, expiresAt } = await newAccountCode();
  const parameter = input.kind === "validate" ? "resetcode" : "resettoken";
  const link = accountLink(c, input.event, input.redirect, { [parameter]: code });
  await storeAccountCode(c.var.db, { userId: input.user.id, purpose: input.kind, codeHash, expiresAt });
  await sendMail(
    c,
    accountMail({
      kind: input.kind,
      locale: mailLocale(input.user),
      to: input.user.email,
      name: input.user.name,
      eventName: input.event.name,
      link,
    }),
  );
}

/** Tells the owner of an address that someone tried to sign up with it, and how to get back in. */
async function mailAccountExists(c: Context<AppEnv>, user: UserRow, event: EventRow) {
  await sendMail(
    c,
    accountMail({
      kind: "account-exists",
      locale: mailLocale(user),
      to: user.email,
      name: user.name,
      eventName: event.name,
      link: accountLink(c, event, undefined, { login: "true" }),
    }),
  );
}

/**
 * Checks the credentials and the account state, and opens a session in the event. Every refusal
 * comes before anything is written; `speakersOnly` refuses a non-speaker before they would join.
 */
async function logIn(
  c: Context<AppEnv>,
  event: EventRow,
  credentials: { email: string; password: string },
  options: { speakersOnly: boolean },
) {
  const guard = await guardPasswordCheck(c, credentials.email);
  const user = await findUserByEmail(c.var.db, credentials.email);
  const matches = await verifyPassword(credentials.password, user?.passwordHash ?? (await throwAwayHash()));
  if (!user || !matches) throw new DomainError(ErrorCode.InvalidCredentials);
  await guard.passwordAccepted();
  if (user.emailValidatedAt === null) throw new DomainError(ErrorCode.EmailNotValidated);
  // An account opens any event that lets people sign up; a closed event only its members.
  const existing = await findMembership(c.var.db, user.id, event.id);
  if (options.speakersOnly && !existing?.isSpeaker) throw new DomainError(ErrorCode.NotSpeaker);
  if (!existing && !event.allowCreateAccount) throw new DomainError(ErrorCode.Forbidden);
  const member = existing ?? (await joinEvent(c.var.db, user.id, event.id));
  const token = await issueToken(c.env.JWT_SECRET, { userId: user.id, eventId: event.id, version: user.tokenVersion });
  return { token, user: toUserView(user, member) };
}

export const accountRoutes = new Hono<AppEnv>()
  .post("/event-engagement/:event/user-signup", valid("param", EventParam), valid("json", SignupBody), async (c) => {
    const event = await eventOf(c, c.req.valid("param").event);
    if (!event.allowCreateAccount) throw new DomainError(ErrorCode.SignupClosed);
    const body = c.req.valid("json");
    await limitAccountMailRequest(c, body.email);
    // Hashed either way, so the answer takes as long for a taken address as for a new one.
    const passwordHash = await hashPassword(body.password);
    const owner = await findUserByEmail(c.var.db, body.email);
    // A taken address gets the same answer as a new one: only its owner learns of it, by mail.
    if (owner) await mailAccountExists(c, owner, event);
    else {
      const user = await createUser(c.var.db, {
        email: body.email,
        name: body.name,
        passwordHash,
        locale: requestLocale(c),
      });
      await joinEvent(c.var.db, user.id, event.id);
      await mailCode(c, { kind: "validate", user, event, redirect: body.redirect });
    }
    return c.json({ message: "user created sucessfully please validate from e-mail" }, 201);
  })
  .post("/event-engagement/:event/user-login", valid("param", EventParam), valid("json", LoginBody), async (c) => {
    const event = await eventOf(c, c.req.valid("param").event);
    const { email, password } = c.req.valid("json");
    const { token, user } = await logIn(c, event, { email, password }, { speakersOnly: false });
    return c.json({ data: { token, id: user.id, user } }, 200);
  })
  .post(
    "/event-engagement/:event/user-forgot-password",
    valid("param", EventParam),
    valid("json", ForgotPasswordBody),
    async (c) => {
      const event = await eventOf(c, c.req.valid("param").event);
      const { email, redirect } = c.req.valid("json");
      await limitAccountMailRequest(c, email);
      // Known or not, the answer is the same: only an existing account gets a mail.
      const user = await findUserByEmail(c.var.db, email);
      if (user) await mailCode(c, { kind: "reset", user, event, redirect });
      return c.json({ message: "email send check you inbox" }, 200);
    },
  )
  .post(
    "/event-engagement/:event/user-reset-password",
    valid("param", EventParam),
    valid("json", ResetPasswordBody),
    async (c) => {
      await eventOf(c, c.req.valid("param").event);
      const { token, password } = c.req.valid("json");
      const userId = await consumeAccountCode(c.var.db, await hashAccountCode(token), "reset");
      if (userId === undefined) throw new DomainError(ErrorCode.InvalidCode);
      await setPassword(c.var.db, userId, await hashPassword(password));
      // The reset link proved the mailbox is theirs.
      await markEmailValidated(c.var.db, userId);
      return c.json({ message: "password change sucessfully" }, 200);
    },
  )
  .post(
    "/event-engagement/:event/user-reset-validate",
    valid("param", EventParam),
    valid("json", ValidateUserBody),
    async (c) => {
      await eventOf(c, c.req.valid("param").event);
      const userId = await consumeAccountCode(c.var.db, await hashAccountCode(c.req.valid("json").token), "validate");
      if (userId === undefined) throw new DomainError(ErrorCode.InvalidCode);
      await markEmailValidated(c.var.db, userId);
      return c.json({ message: "validated" }, 200);
    },
  )
  .post("/speaker/login", valid("json", SpeakerLoginBody), async (c) => {
    const { email, password, event_slug } = c.req.valid("json");
    const event = await eventOf(c, event_slug);
    const { token, user } = await logIn(c, event, { email, password }, { speakersOnly: true });
    return c.json({ jwt: token, user }, 200);
  });
