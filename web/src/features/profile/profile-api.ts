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

/** The user's data as the server exports it, with the file name it suggests. */
export async function downloadPersonalData(token: string): Promise<{ blob: Blob; fileName: string }> {
  const response = await api.me.export.$get({}, callOptions(token));
  const disposition = response.headers.get("content-disposition") ?? "";
  const fileName = disposition.match(/filename="([^"]+)"/)?.[1] ?? "personal-data.json";
  return { blob: await response.blob(), fileName };
}

/** Deletes the account, proven by its password; every session of the user ends. */
export async function deleteAccount(token: string, confirmation: { password: string; removePosts: boolean }) {
  await answerOf(api.me.$delete({ json: confirmation }, callOptions(token)));
}
