import type { UploadKind } from "@core/uploads/limits";
import { sniffType } from "../files/sniff-type";

export const PDF_TYPE = "application/pdf";
export const PPT_TYPE = "application/vnd.ms-powerpoint";
export const PPTX_TYPE = "application/vnd.openxmlformats-officedocument.presentationml.presentation";

const OLE_COMPOUND = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ZIP_LOCAL_HEADER = [0x50, 0x4b, 0x03, 0x04];

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  signature.every((byte, index) => bytes[at + index] === byte);

/** Whether `text` (ASCII) occurs in `bytes`: a zip's entry names are stored in clear in its local headers. */
function containsAscii(bytes: Uint8Array, text: string): boolean {
  const first = text.charCodeAt(0);
  outer: for (
    let at = bytes.indexOf(first);
    at !== -1 && at + text.length <= bytes.length;
    at = bytes.indexOf(first, at + 1)
  ) {
    for (let index = 1; index < text.length; index++) if (bytes[at + index] !== text.charCodeAt(index)) continue outer;
    return true;
  }
  return false;
}

/**
 * The type of an upload's first part, read from its bytes: what `sniffType` knows, plus the
 * presentation formats. A .ppt is an OLE compound file (the container of every legacy Office
 * format: a .doc renamed .ppt passes here and fails its conversion later, as 'PPT to PDF file
 * convert failed'); a .pptx is a zip whose first part names `ppt/` entries (PowerPoint and
 * LibreOffice write them within the first kilobytes).
 */
export function sniffUploadType(firstPart: Uint8Array): string {
  if (startsWith(firstPart, OLE_COMPOUND)) return PPT_TYPE;
  if (startsWith(firstPart, ZIP_LOCAL_HEADER)) return containsAscii(firstPart, "ppt/") ? PPTX_TYPE : "application/zip";
  if (startsWith(firstPart, [0x52, 0x49, 0x46, 0x46]) && startsWith(firstPart, [0x41, 0x56, 0x49, 0x20], 8))
    return "video/x-msvideo";
  return sniffType(firstPart);
}

const SLIDE_TYPES = new Set([PDF_TYPE, PPT_TYPE, PPTX_TYPE]);
const IMAGE_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif"]);

/** Whether a file of `type` may be uploaded as `kind` (docs/uploads.md lists them). */
export function typeFitsKind(type: string, kind: UploadKind): boolean {
  if (kind === "video" || kind === "quiz-video") return type.startsWith("video/");
  if (kind === "slides") return SLIDE_TYPES.has(type);
  return IMAGE_TYPES.has(type);
}
