import type { SessionUser } from "@core/auth/user";
import type { PublicEvent } from "@core/schedule/public-schedule";
import { apiRequest } from "../../lib/api";
import type { StoredSession } from "../session/session";

/** The event as the account calls address it: by id where the spec says eventId, by slug for sign-up. */
type EventRef = Pick<PublicEvent, "_id" | "slug">;

interface Credentials {
  email: string;
  password: string;
}

const eventPath = (event: EventRef, action: string) => `/api/event-engagement/${event._id}/${action}`;

/**
 * Spec §4 login: the event's login, then, for a speaker, the speaker login, whose `jwt` is the
 * token kept (spec §6 "speaker login makes an extra call").
 */
export async function logIn(event: EventRef, credentials: Credentials): Promise<StoredSession> {
  const { data } = await apiRequest<{ data: { token: string; id: number; user: SessionUser } }>(
    "POST",
    eventPath(event, "user-login"),
    { body: credentials },
  );
  if (!data.user.is_speaker) return { token: data.token, user: data.user };
  const speaker = await apiRequest<{ jwt: string; user: SessionUser }>("POST", "/api/speaker/login", {
    body: { ...credentials, event_slug: event.slug },
  });
  return { token: speaker.jwt, user: speaker.user };
}

/** Creates the account and mails its validation link, which leads back to `redirect`. */
export async function signUp(
  event: EventRef,
  account: { name: string; email: string; password: string; redirect: string },
): Promise<void> {
  await apiRequest("POST", `/api/event-engagement/${encodeURIComponent(event.slug)}/user-signup`, { body: account });
}

/** Mails a reset link leading back to `redirect`. */
export async function requestPasswordReset(event: EventRef, email: string, redirect: string): Promise<void> {
  await apiRequest("POST", eventPath(event, "user-forgot-password"), { body: { email, redirect } });
}

/** Sets a new password with the `resettoken` of the mailed link. */
export async function resetPassword(event: EventRef, token: string, password: string): Promise<void> {
  await apiRequest("POST", eventPath(event, "user-reset-password"), { body: { token, password } });
}

/** Validates the account with the `resetcode` of the mailed link. */
export async function validateAccount(event: EventRef, token: string): Promise<void> {
  await apiRequest("POST", eventPath(event, "user-reset-validate"), { body: { token } });
}

/** Ends every session of the user on the server (their tokens stop working). */
export async function logOut(token: string): Promise<void> {
  await apiRequest("POST", "/api/logout", { token });
}
