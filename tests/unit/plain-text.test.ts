import { multiLineText, singleLineText } from "@core/text/plain-text";
import { describe, expect, it } from "vitest";

describe("text people type", () => {
  it("a name loses NUL, other control characters and line breaks", () => {
    expect(singleLineText("Ada\u0000 Love\u0007lace\r\n")).toBe("Ada Lovelace");
  });

  it("a nickname loses the bidi override that would show it reversed", () => {
    expect(singleLineText("\u202Eadmin\u202C")).toBe("admin");
    expect(singleLineText("a\u2066b\u2069c\u200Fd\u061C")).toBe("abcd");
  });

  it("a post keeps its line breaks and tabs, with CRLF and lone CR as LF", () => {
    expect(multiLineText("one\r\ntwo\rthree\n\tfour\u0000\u202E")).toBe("one\ntwo\nthree\n\tfour");
  });

  it("letters of every script, emoji and joiners are kept", () => {
    const text = "Zoë 日本 مرحبا 👩‍💻";
    expect(singleLineText(text)).toBe(text);
    expect(multiLineText(text)).toBe(text);
  });
});
