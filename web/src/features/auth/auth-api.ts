import type { PublicEvent } from "@core/schedule/public-schedule";
import type { StoredSession } from "../../app-state/session";
import { answerOf, api, callOptions } from "../../lib/api";

/** The event as the account calls address it: by id where the spec says eventId, by slug for sign-up. */
type EventRef = Pick<PublicEvent, "_id" | "slug">;

interface Credentials {
  email: string;
  password: string;
}

const accounts = api["event-engagement"][":event"];
/** The account calls name the event by id, as the spec's eventId. */
const byId = (event: EventRef) => ({ event: String(event._id) });

/**
 * Spec §4 login: the event's login, then, for a speaker, the speaker login, whose `jwt` is the
 * token kept (spec §6 "speaker login makes an extra call").
 */
export async function logIn(event: EventRef, credentials: Credentials): Promise<StoredSession> {
  const { data } = await answerOf(accounts["user-login"].$post({ param: byId(event), json: credentials }));
  if (!data.user.is_speaker) return { token: data.token, user: data.user };
  const speaker = await answerOf(api.speaker.login.$post({ json: { ...credentials, event_slug: event.slug } }));
  return { token: speaker.jwt, user: speaker.user };
}

/** Creates the account and mails its validation link, which leads back to `redirect`. */
export async function signUp(
  event: EventRef,
  account: { name: string; email: string; password: string; redirect: string },
): Promise<void> {
  await accounts["user-signup"].$post({ param: { event: event.slug }, json: account });
}

/** Mails a reset link leading back to `redirect`. */
export async function requestPasswordReset(event: EventRef, email: string, redirect: string): Promise<void> {
  await accounts["user-forgot-password"].$post({ param: byId(event), json: { email, redirect } });
}

/** Sets a new password with the `resettoken` of the mailed link. */
export async function resetPassword(event: EventRef, token: string, password: string): Promise<void> {
  await accounts["user-reset-password"].$post({ param: byId(event), json: { token, password } });
}

/** Validates the account with the `resetcode` of the mailed link. */
export async function validateAccount(event: EventRef, token: string): Promise<void> {
  await accounts["user-reset-validate"].$post({ param: byId(event), json: { token } });
}

/** Ends every session of the user on the server (their tokens stop working). */
export async function logOut(token: string): Promise<void> {
  await api.logout.$post({}, callOptions(token));
}
