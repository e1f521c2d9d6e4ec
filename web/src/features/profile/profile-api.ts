import type { SessionUser } from "@core/auth/user";
import { apiRequest } from "../../lib/api";

/** Stores a (resized) picture of the user; answers its address, to put in the profile. */
export async function uploadPicture(token: string, picture: Blob): Promise<string> {
  const { data } = await apiRequest<{ data: { picture: string } }>("PUT", "/api/me/picture", {
    token,
    rawBody: picture,
  });
  return data.picture;
}

/** Changes the name, and the picture when one is given. */
export async function updateProfile(token: string, profile: { name: string; picture?: string }): Promise<SessionUser> {
  const { data } = await apiRequest<{ data: { user: SessionUser } }>("PATCH", "/api/me", { token, body: profile });
  return data.user;
}

/**
 * Changes the password, proven by the current one; every other session ends, this one goes on
 * with the returned token.
 */
export async function changePassword(
  token: string,
  passwords: { currentPassword: string; password: string },
): Promise<string> {
  const { data } = await apiRequest<{ data: { token: string } }>("POST", "/api/me/password", {
    token,
    body: passwords,
  });
  return data.token;
}
