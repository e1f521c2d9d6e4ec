/**
 * Account forms and their rules (schedule spec §5), shared by the API (which enforces them) and
 * the web (which shows the messages before sending anything).
 */
import * as v from "valibot";
import { toSingleLineText } from "../text/plain-text";

export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 200;
/** Validation codes and reset tokens expire after one hour and serve once. */
export const ACCOUNT_CODE_TTL_MS = 60 * 60 * 1000;
/**
 * Wrong passwords an account takes before each new attempt must wait; the wait then doubles from
 * `LOGIN_FIRST_DELAY_MS` up to `LOGIN_MAX_DELAY_MS`, so a stranger's guesses keep the owner out
 * for a minute at most. Failures are forgotten after `LOGIN_FAILURES_FORGOTTEN_MS` without one.
 */
export const LOGIN_FREE_FAILURES = 5;
export const LOGIN_FIRST_DELAY_MS = 1000;
export const LOGIN_MAX_DELAY_MS = 60 * 1000;
export const LOGIN_FAILURES_FORGOTTEN_MS = 15 * 60 * 1000;
/**
 * Wrong passwords from one client address: sized for a venue, where hundreds of attendees share
 * one address behind its NAT. Successful logins are never counted.
 */
export const ADDRESS_LOGIN_FAILURE_LIMIT = { attempts: 300, windowMs: 15 * 60 * 1000 } as const;
/** Sign-ups and reset requests from one client address (a venue's opening rush included). */
export const ADDRESS_ACCOUNT_REQUEST_LIMIT = { attempts: 300, windowMs: 15 * 60 * 1000 } as const;
/** Account mails (validation, reset, "you already have an account") one e-mail address receives. */
export const MAILS_PER_ADDRESS_LIMIT = { attempts: 5, windowMs: 60 * 60 * 1000 } as const;
export const MAX_PICTURE_BYTES = 5 * 1024 * 1024;
export const PICTURE_SIZE_PX = 256;

export const Email = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.nonEmpty("required"),
  v.email("email"),
  v.maxLength(254),
);
export const Password = v.pipe(
  v.string(),
  v.nonEmpty("required"),
  v.minLength(MIN_PASSWORD_LENGTH, "error.atleast6"),
  v.maxLength(MAX_PASSWORD_LENGTH),
);
export const PersonName = v.pipe(v.string(), toSingleLineText, v.trim(), v.nonEmpty("required"), v.maxLength(120));
/** Where to go back after a link from an e-mail: a path of this site only. */
const RedirectPath = v.optional(v.pipe(v.string(), v.maxLength(500), v.regex(/^\/(?!\/)/)));
const AccountCode = v.pipe(v.string(), v.nonEmpty("required"), v.maxLength(200));

export const SignupBody = v.object({ name: PersonName, email: Email, password: Password, redirect: RedirectPath });
export const LoginBody = v.object({
  email: Email,
  password: v.pipe(v.string(), v.nonEmpty("required"), v.maxLength(MAX_PASSWORD_LENGTH)),
});
export const SpeakerLoginBody = v.object({
  ...LoginBody.entries,
  event_slug: v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9-]{0,63}$/)),
});
export const ForgotPasswordBody = v.object({ email: Email, redirect: RedirectPath });
export const ResetPasswordBody = v.object({ token: AccountCode, password: Password });
export const ValidateUserBody = v.object({ token: AccountCode });
export const ProfileBody = v.object({
  name: PersonName,
  picture: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(500)))),
});
/** The current password proves the person at the keyboard is the owner, not someone at an open session. */
export const ChangePasswordBody = v.object({
  currentPassword: v.pipe(v.string(), v.nonEmpty("required"), v.maxLength(MAX_PASSWORD_LENGTH)),
  password: Password,
});
