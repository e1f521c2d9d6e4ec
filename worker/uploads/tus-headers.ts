import { DomainError, ErrorCode } from "@core/errors";

/** The only tus version this server speaks (tus 1.0.0, https://tus.io/protocols/resumable-upload). */
export const TUS_VERSION = "1.0.0";
export const TUS_EXTENSIONS = "creation,termination,expiration";
/** Content type of a tus PATCH body. */
export const OFFSET_OCTET_STREAM = "application/offset+octet-stream";

/** Refuses a request of another tus version with 412, as the protocol says. */
export function assertTusVersion(header: string | undefined): void {
  if (header !== TUS_VERSION) throw new DomainError(ErrorCode.TusVersionUnsupported, `Tus-Resumable: ${TUS_VERSION}`);
}

/** A byte count or offset header: a non-negative whole number within JavaScript's safe range. */
export function byteCountHeader(name: string, value: string | undefined): number {
  if (value === undefined || !/^(0|[1-9][0-9]{0,15})$/.test(value))
    throw new DomainError(ErrorCode.ValidationFailed, `${name}: a whole number of bytes is required`);
  return Number(value);
}

function decodeBase64Text(value: string): string | undefined {
  try {
    const bytes = Uint8Array.from(atob(value), (char) => char.charCodeAt(0));
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * `Upload-Metadata`: comma-separated pairs of a key and its base64 value (a key alone is an empty
 * value). A malformed pair is a 400, never a guess.
 */
export function parseUploadMetadata(header: string | undefined): Map<string, string> {
  const pairs = new Map<string, string>();
  if (!header?.trim()) return pairs;
  for (const pair of header.split(",")) {
    const [key, value = "", ...rest] = pair.trim().split(" ");
    const decoded = decodeBase64Text(value);
    if (!key || rest.length > 0 || decoded === undefined || pairs.has(key))
      throw new DomainError(ErrorCode.ValidationFailed, "Upload-Metadata: key and base64 value pairs are required");
    pairs.set(key, decoded);
  }
  return pairs;
}

/** RFC 9110 date of an instant, as `Upload-Expires` carries it. */
export const httpDate = (instant: number) => new Date(instant).toUTCString();
