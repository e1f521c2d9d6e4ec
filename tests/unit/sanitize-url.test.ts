import { isSafeUrl } from "@core/html/rich-html-policy";
import { describe, expect, it } from "vitest";

describe("the URL rule of rich HTML", () => {
  it("keeps web and mail links and relative ones", () => {
    for (const url of [
      "https://example.org/a?b=1&amp;c=2",
      "HTTP://example.org",
      "mailto:team@example.org",
      "/demo/12",
      "talk.html",
      "../up",
      "#top",
      "?day=2&room=1",
      "",
      "  https://example.org  ",
    ]) {
      expect(isSafeUrl(url), url).toBe(true);
    }
  });

  it("refuses every other scheme, however it is hidden", () => {
    for (const url of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " \u0001javascript:alert(1)",
      "java\tscript:alert(1)",
      "java\nscript:alert(1)",
      "java script:alert(1)",
      "\u00a0javascript:alert(1)",
      "jav&#x61;script:alert(1)",
      "&#106;avascript:alert(1)",
      "javascript&colon;alert(1)",
      "javascript&#58alert(1)",
      "vbscript:msgbox(1)",
      "data:text/html,<script>alert(1)</script>",
      "data:image/svg+xml,<svg onload=alert(1)>",
      "blob:https://example.org/x",
      "file:///etc/passwd",
      "ftp://example.org",
      "tel:123",
    ]) {
      expect(isSafeUrl(url), url).toBe(false);
    }
  });
});
