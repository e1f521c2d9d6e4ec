import type { SessionUser } from "@core/auth/user";
import { answerOf, api, callOptions } from "../../lib/api";

/** Stores a (resized) picture of the user; answers its address, to put in the profile. */
export async function uploadPicture(token: string, picture: Blob): Promise<string> {
  // The body is the image itself, which the typed client leaves to the request's init.
  const { headers } = callOptions(token);
  const request = api.me.picture.$put(
    {},
    { headers: { ...headers, "content-type": picture.type }, init: { body: picture } },
  );
  return (await answerOf(request)).data.picture;
}

/** Changes the name, and the picture when one is given. */
export async function updateProfile(token: string, profile: { name: string; picture?: string }): Promise<SessionUser> {
  return (await answerOf(api.me.$patch({ json: profile }, callOptions(token)))).data.user;
}

/**
 * Changes the password, proven by the current one; every other session ends, this one goes on
 * with the returned token.
 */
export async function changePassword(
  token: string,
  passwords: { currentPassword: string; password: string },
): Promise<string> {
  return (await answerOf(api.me.password.$post({ json: passwords }, callOptions(token)))).data.token;
}
