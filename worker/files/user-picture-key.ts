import { fileUrl, userPicturePrefix } from "./pictures";

// Exactly what `storeImage` hands out: a random UUID and one of the stored image extensions.
const PICTURE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:jpg|png|webp)$/;

/**
 * The storage key of a picture URL when it is one the picture upload handed out to this user;
 * undefined for anything else (another user's folder, `../`, encoded separators, outside URLs).
 * The URL is resolved first and must come back unchanged, so no spelling of a path can escape.
 */
export function ownPictureKey(picture: string, userId: number): string | undefined {
  const prefix = fileUrl(userPicturePrefix(userId));
  let resolved: string;
  try {
    resolved = new URL(picture, "https://resolve.invalid").pathname;
  } catch {
    return undefined;
  }
  if (resolved !== picture || !picture.startsWith(prefix)) return undefined;
  const name = picture.slice(prefix.length);
  return PICTURE_NAME.test(name) ? `${userPicturePrefix(userId)}${name}` : undefined;
}
