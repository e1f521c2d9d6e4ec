import { MAX_PICTURE_BYTES, PICTURE_SIZE_PX } from "../../../../core/auth/schemas";

/** Why a chosen file cannot be a profile picture, as a key of the profile namespace; null when it can. */
export function pictureFileProblem(file: File): "photo.not-image" | "photo.too-large" | null {
  if (!file.type.startsWith("image/")) return "photo.not-image";
  if (file.size > MAX_PICTURE_BYTES) return "photo.too-large";
  return null;
}

function canvasBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, 0.88));
}

/**
 * The picture as the profile keeps it: a PICTURE_SIZE_PX square cut from the middle of the image
 * (cover), as WebP, or JPEG where the browser cannot write WebP. Rejects an unreadable image.
 */
export async function resizePicture(file: Blob): Promise<Blob> {
  const image = await createImageBitmap(file);
  try {
    const side = Math.min(image.width, image.height);
    const canvas = document.createElement("canvas");
    canvas.width = PICTURE_SIZE_PX;
    canvas.height = PICTURE_SIZE_PX;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d canvas");
    // JPEG has no transparency: transparent parts become white, not black.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, PICTURE_SIZE_PX, PICTURE_SIZE_PX);
    context.imageSmoothingQuality = "high";
    context.drawImage(
      image,
      (image.width - side) / 2,
      (image.height - side) / 2,
      side,
      side,
      0,
      0,
      PICTURE_SIZE_PX,
      PICTURE_SIZE_PX,
    );
    // A browser that cannot write WebP answers PNG instead.
    const webp = await canvasBlob(canvas, "image/webp");
    if (webp?.type === "image/webp") return webp;
    const jpeg = await canvasBlob(canvas, "image/jpeg");
    if (!jpeg) throw new Error("the picture could not be encoded");
    return jpeg;
  } finally {
    image.close();
  }
}
