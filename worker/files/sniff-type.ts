/** How many leading bytes {@link sniffType} needs. */
export const SNIFF_BYTES = 16;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte);
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/**
 * The type of a stored file, read from its first bytes (magic numbers), never from what the
 * uploader declared: the formats this product accepts (JPEG, PNG, WebP, GIF pictures; MP4,
 * QuickTime, 3GP, WebM, Matroska, Ogg and MPEG videos; PDF documents). Anything else is
 * `application/octet-stream`, which browsers only download.
 */
export function sniffType(bytes: Uint8Array): string {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("%PDF-"))) return "application/pdf";
  if (startsWith(bytes, ascii("ftyp"), 4)) {
    const brand = String.fromCharCode(...bytes.slice(8, 12));
    if (brand === "qt  ") return "video/quicktime";
    if (brand.startsWith("3g")) return "video/3gpp";
    return "video/mp4";
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return "video/webm";
  if (startsWith(bytes, ascii("OggS"))) return "video/ogg";
  if (startsWith(bytes, [0x00, 0x00, 0x01, 0xba]) || startsWith(bytes, [0x00, 0x00, 0x01, 0xb3])) return "video/mpeg";
  return "application/octet-stream";
}

/** Pictures, videos and PDFs show in the browser; anything else is only ever downloaded. */
export function isShownInline(type: string): boolean {
  return type.startsWith("image/") || type.startsWith("video/") || type === "application/pdf";
}
