import { MAX_PICTURE_BYTES, PICTURE_SIZE_PX } from "@core/auth/schemas";
import { coverImage } from "../../lib/cover-image";

/** Why a chosen file cannot be a profile picture, as a key of the profile namespace; null when it can. */
export function pictureFileProblem(file: File): "photo.not-image" | "photo.too-large" | null {
  if (!file.type.startsWith("image/")) return "photo.not-image";
  if (file.size > MAX_PICTURE_BYTES) return "photo.too-large";
  return null;
}

/**
 * The picture as the profile keeps it: a PICTURE_SIZE_PX square cut from the middle of the image
 * (cover), as WebP, or JPEG where the browser cannot write WebP. Rejects an unreadable image.
 */
export function resizePicture(file: Blob): Promise<Blob> {
  return coverImage(file, { width: PICTURE_SIZE_PX, height: PICTURE_SIZE_PX }, ["image/webp", "image/jpeg"]);
}
