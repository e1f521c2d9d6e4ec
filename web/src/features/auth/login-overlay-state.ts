/** The views of the login overlay (spec §2, §4). */
export type LoginView = "login" | "signup" | "forgotpassword" | "resetpassword" | "validateuser";

/** What the page's query asks of the overlay (spec §2 query parameters). */
export interface LoginQuery {
  resetToken: string | undefined;
  resetCode: string | undefined;
  loginRequested: boolean;
}

/** Spec §4: resetpassword for a reset token, validateuser for a validation code, else login. */
export function initialLoginView(query: LoginQuery): LoginView {
  if (query.resetToken) return "resetpassword";
  if (query.resetCode) return "validateuser";
  return "login";
}

/**
 * Spec §2: the overlay shows for a reset token or code, when login is requested, and whenever
 * nobody is logged in to an event that does not let anonymous visitors in.
 */
export function isLoginOverlayShown(
  query: LoginQuery,
  viewer: { loggedIn: boolean; allowAnonymousAccess: boolean },
): boolean {
  return (
    Boolean(query.resetToken) ||
    Boolean(query.resetCode) ||
    query.loginRequested ||
    (!viewer.loggedIn && !viewer.allowAnonymousAccess)
  );
}
