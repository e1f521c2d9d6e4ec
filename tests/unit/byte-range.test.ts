import { describe, expect, it } from "vitest";
import { parseByteRange, rangeStillApplies } from "../../worker/files/byte-range";
import { isShownInline, sniffType } from "../../worker/files/sniff-type";

describe("parseByteRange", () => {
  it("reads closed, open and suffix ranges, cut to the file", () => {
    expect(parseByteRange("bytes=0-9", 100)).toEqual({ kind: "part", offset: 0, length: 10 });
    expect(parseByteRange("bytes=90-", 100)).toEqual({ kind: "part", offset: 90, length: 10 });
    expect(parseByteRange("bytes=-10", 100)).toEqual({ kind: "part", offset: 90, length: 10 });
    expect(parseByteRange("bytes=-1000", 100)).toEqual({ kind: "part", offset: 0, length: 100 });
    expect(parseByteRange("bytes=50-1000", 100)).toEqual({ kind: "part", offset: 50, length: 50 });
    expect(parseByteRange("Bytes=99-99", 100)).toEqual({ kind: "part", offset: 99, length: 1 });
  });

  it("finds ranges outside the file unsatisfiable", () => {
    for (const header of ["bytes=999999999-", "bytes=100-", "bytes=100-200", "bytes=-0"]) {
      expect(parseByteRange(header, 100), header).toEqual({ kind: "unsatisfiable" });
    }
    expect(parseByteRange("bytes=0-", 0)).toEqual({ kind: "unsatisfiable" });
    expect(parseByteRange("bytes=-5", 0)).toEqual({ kind: "unsatisfiable" });
  });

  it("ignores what it does not serve: no header, other units, several ranges, bad syntax", () => {
    for (const header of [undefined, null, "", "items=0-5", "bytes=0-1,4-5", "bytes=5-2", "bytes=-", "bytes=a-b"]) {
      expect(parseByteRange(header, 100), String(header)).toEqual({ kind: "whole" });
    }
  });
});

describe("rangeStillApplies", () => {
  const etag = '"abc"';
  const date = "Mon, 23 Nov 2026 10:00:00 GMT";
  it("applies a range only to the file the client names", () => {
    expect(rangeStillApplies(undefined, etag, date)).toBe(true);
    expect(rangeStillApplies('"abc"', etag, date)).toBe(true);
    expect(rangeStillApplies(date, etag, date)).toBe(true);
    expect(rangeStillApplies('"old"', etag, date)).toBe(false);
    expect(rangeStillApplies('W/"abc"', etag, date)).toBe(false);
    expect(rangeStillApplies("Sun, 22 Nov 2026 10:00:00 GMT", etag, date)).toBe(false);
  });
});

describe("sniffType", () => {
  const bytes = (...values: (number | string)[]) =>
    Uint8Array.from(
      values.flatMap((value) => (typeof value === "string" ? [...value].map((c) => c.charCodeAt(0)) : [value])),
    );

  it("names the accepted formats by their first bytes", () => {
    expect(sniffType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("image/jpeg");
    expect(sniffType(bytes(0x89, "PNG", 0x0d, 0x0a, 0x1a, 0x0a))).toBe("image/png");
    expect(sniffType(bytes("RIFF", 0, 0, 0, 0, "WEBPVP8 "))).toBe("image/webp");
    expect(sniffType(bytes("GIF89a"))).toBe("image/gif");
    expect(sniffType(bytes("%PDF-1.7"))).toBe("application/pdf");
    expect(sniffType(bytes(0, 0, 0, 0x18, "ftypisom"))).toBe("video/mp4");
    expect(sniffType(bytes(0, 0, 0, 0x14, "ftypqt  "))).toBe("video/quicktime");
    expect(sniffType(bytes(0, 0, 0, 0x14, "ftyp3gp4"))).toBe("video/3gpp");
    expect(sniffType(bytes(0x1a, 0x45, 0xdf, 0xa3))).toBe("video/webm");
    expect(sniffType(bytes("OggS"))).toBe("video/ogg");
    expect(sniffType(bytes(0, 0, 1, 0xba))).toBe("video/mpeg");
  });

  it("calls anything else a download", () => {
    for (const other of [
      bytes("<html><script>"),
      bytes("<svg onload=x>"),
      bytes("RIFF", 0, 0, 0, 0, "AVI "),
      bytes(),
    ]) {
      expect(sniffType(other)).toBe("application/octet-stream");
    }
    expect(isShownInline("application/octet-stream")).toBe(false);
    expect(isShownInline("image/png") && isShownInline("video/mp4") && isShownInline("application/pdf")).toBe(true);
  });
});
