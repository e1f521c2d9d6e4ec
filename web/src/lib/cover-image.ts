function canvasBlob(canvas: HTMLCanvasElement, type: string): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, 0.88));
}

/**
 * An image cut to exactly `width` × `height` the way CSS `object-fit: cover` shows it: scaled to
 * fill, the overflow cut evenly from both sides. Encoded in the first of `types` the browser can
 * write (a browser that cannot write WebP answers PNG instead). Rejects an unreadable image.
 */
export async function coverImage(
  file: Blob,
  { width, height }: { width: number; height: number },
  types: readonly ("image/webp" | "image/jpeg")[],
): Promise<Blob> {
  const image = await createImageBitmap(file);
  try {
    const scale = Math.max(width / image.width, height / image.height);
    const sourceWidth = width / scale;
    const sourceHeight = height / scale;
    const canvas = document.createElement("canvas");
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext("2d");
    if (!context) throw new Error("no 2d canvas");
    // JPEG has no transparency: transparent parts become white, not black.
    context.fillStyle = "#ffffff";
    context.fillRect(0, 0, width, height);
    context.imageSmoothingQuality = "high";
    context.drawImage(
      image,
      (image.width - sourceWidth) / 2,
      (image.height - sourceHeight) / 2,
      sourceWidth,
      sourceHeight,
      0,
      0,
      width,
      height,
    );
    for (const type of types) {
      const blob = await canvasBlob(canvas, type);
      if (blob?.type === type) return blob;
    }
    throw new Error("the image could not be encoded");
  } finally {
    image.close();
  }
}
