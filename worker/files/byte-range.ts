/** What a `Range` request asks of a file of a known size (RFC 9110 §14). */
export type ByteRange =
  | { kind: "whole" }
  | { kind: "part"; offset: number; length: number }
  | { kind: "unsatisfiable" };

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/i;

/**
 * Reads a `Range` header for a file of `size` bytes. A missing, malformed or multi-range header
 * gets the whole file (a server may ignore what it does not serve); a range that starts past the
 * end, or an empty suffix, is unsatisfiable (416). Ends past the file are cut to its last byte.
 */
export function parseByteRange(header: string | null | undefined, size: number): ByteRange {
  const match = header ? SINGLE_RANGE.exec(header.trim()) : null;
  if (!match) return { kind: "whole" };
  const [, first = "", last = ""] = match;
  if (first === "" && last === "") return { kind: "whole" };
  if (first === "") {
    // A suffix: the last `last` bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: "unsatisfiable" };
    const length = Math.min(suffix, size);
    return { kind: "part", offset: size - length, length };
  }
  const offset = Number(first);
  if (last !== "" && Number(last) < offset) return { kind: "whole" };
  if (offset >= size) return { kind: "unsatisfiable" };
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  return { kind: "part", offset, length: end - offset + 1 };
}

/**
 * `If-Range`: the range applies only while the file is the one the client has, named by its
 * strong ETag or its exact Last-Modified date; otherwise the whole file is sent.
 */
export function rangeStillApplies(ifRange: string | null | undefined, etag: string, lastModified: string): boolean {
  if (!ifRange) return true;
  const value = ifRange.trim();
  if (value.startsWith('"')) return value === etag;
  if (value.startsWith("W/")) return false;
  return value === lastModified;
}
