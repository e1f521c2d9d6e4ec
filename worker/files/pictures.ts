import { MAX_PICTURE_BYTES } from "@core/auth/schemas";
import { DomainError, ErrorCode } from "@core/errors";
import { InvalidInput } from "../invalid-input";
import { sniffType } from "./sniff-type";

const PICTURE_TYPES: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

/** Where a user's pictures live in R2; a profile may only point at one of these. */
export const userPicturePrefix = (userId: number) => `pictures/users/${userId}/`;
export const fileUrl = (key: string) => `/api/files/${key}`;

/**
 * Stores an uploaded image (already resized in the browser) under `prefix` and a fresh random
 * key, so it can be cached forever. Only JPEG, PNG and WebP up to 5 MB, whose first bytes must
 * match the declared type; `field` names the input in the error's issues. Answers the image's URL.
 */
export async function storeImage(bucket: R2Bucket, prefix: string, request: Request, field: string): Promise<string> {
  const type = request.headers.get("content-type")?.split(";")[0]?.trim() ?? "";
  const extension = PICTURE_TYPES[type];
  if (!extension) throw new InvalidInput([{ path: field, message: "an image (JPEG, PNG or WebP) is required" }]);
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_PICTURE_BYTES) throw new DomainError(ErrorCode.PayloadTooLarge);
  const bytes = await request.arrayBuffer();
  if (bytes.byteLength > MAX_PICTURE_BYTES) throw new DomainError(ErrorCode.PayloadTooLarge);
  if (bytes.byteLength === 0) throw new InvalidInput([{ path: field, message: "the file is empty" }]);
  // The declared type is the sender's word; the bytes must agree with it.
  const checked = sniffType(new Uint8Array(bytes));
  if (checked !== type) throw new InvalidInput([{ path: field, message: "the file is not the image it says it is" }]);
  const key = `${prefix}${crypto.randomUUID()}.${extension}`;
  await bucket.put(key, bytes, {
    httpMetadata: { contentType: checked, cacheControl: "public, max-age=31536000, immutable" },
  });
  return fileUrl(key);
}

/** A user's profile picture. */
export function storeUserPicture(bucket: R2Bucket, userId: number, request: Request): Promise<string> {
  return storeImage(bucket, userPicturePrefix(userId), request, "picture");
}

/** Deletes every picture the user ever uploaded (not only the current one): for a deleted account. */
export async function deleteUserPictures(bucket: R2Bucket, userId: number): Promise<void> {
  let cursor: string | undefined;
  do {
    const listed = await bucket.list({ prefix: userPicturePrefix(userId), cursor });
    if (listed.objects.length > 0) await bucket.delete(listed.objects.map((object) => object.key));
    cursor = listed.truncated ? listed.cursor : undefined;
  } while (cursor);
}
