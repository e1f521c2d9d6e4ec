import * as v from "valibot";

/** The shape of an upload id: 16 random bytes in base64url, 22 characters (made by `newUploadId`). */
export const UPLOAD_ID_PATTERN = "[A-Za-z0-9_-]{22}";
/** An upload id as a request names it; anything else is malformed (400 validation-failed naming it). */
export const UploadId = v.pipe(v.string(), v.regex(new RegExp(`^${UPLOAD_ID_PATTERN}$`)));

export function newUploadId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}
