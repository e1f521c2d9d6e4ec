import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COMMON_HEADERS, pageCsp } from "../../worker/security-headers";

/** The headers web/public/_headers gives every static asset (its one rule, `/*`). */
function staticAssetHeaders(): Record<string, string> {
  const text = readFileSync(join(import.meta.dirname, "..", "..", "web", "public", "_headers"), "utf8");
  const lines = text.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("#"));
  expect(lines[0]).toBe("/*");
  return Object.fromEntries(
    lines.slice(1).map((line) => {
      const colon = line.indexOf(":");
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
}

describe("the static assets' _headers file", () => {
  it("sends the same headers as the Worker gives a page that may not be framed", () => {
    expect(staticAssetHeaders()).toEqual({
      ...COMMON_HEADERS,
      "content-security-policy": pageCsp({ framable: false }),
      "x-frame-options": "DENY",
    });
  });
});

describe("the pages' CSP", () => {
  it("allows scripts from this origin only, no inline script, no plugin, no foreign base", () => {
    const directives = new Map(
      pageCsp({ framable: false })
        .split(";")
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name = "", ...values]) => [name, values]),
    );
    expect(directives.get("script-src")).toEqual(["'self'"]);
    expect(directives.get("object-src")).toEqual(["'none'"]);
    expect(directives.get("base-uri")).toEqual(["'self'"]);
    expect(directives.get("frame-ancestors")).toEqual(["'none'"]);
    expect(pageCsp({ framable: false })).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(pageCsp({ framable: true })).toContain("frame-ancestors *");
  });
});
