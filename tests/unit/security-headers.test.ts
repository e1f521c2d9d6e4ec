import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { COMMON_HEADERS, isFramable, pageCsp } from "../../worker/security-headers";

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

describe("which pages other sites may frame", () => {
  const framable = (path: string) => isFramable(new URL(path, "https://events.example.org"));

  it("are the schedule, the synopsis and a presentation's video page, asked with ?iframe", () => {
    for (const path of [
      "/demo?iframe",
      "/demo/?iframe=1",
      "/demo/synopsis?iframe",
      "/demo/12?iframe&viewmode=virtual",
    ]) {
      expect(framable(path), path).toBe(true);
    }
    for (const path of ["/demo", "/demo/synopsis", "/demo/12?viewmode=videolanding"]) {
      expect(framable(path), path).toBe(false);
    }
  });

  it("are never the moderator's, the speaker's, the editor's, a recording link or any other page, whatever the query", () => {
    for (const path of [
      "/demo/12/quiz-moderator",
      "/demo/12/quiz-results",
      "/demo/12/forum",
      "/demo/12/screen-questions",
      "/demo/my-presentations",
      "/demo/my-presentations/12/videos",
      "/demo/my-pres/12/video/3/watch",
      "/demo/my-schedule",
      "/demo/videoeditor/12",
      "/demo/test/12",
      "/demo/quiz-live",
      "/visio/12/7",
      "/visio/record/demo/12/7/fr/a-token",
      "/screen_link/a-token",
      "/",
      "/api/me",
    ]) {
      expect(framable(`${path}?iframe`), path).toBe(false);
      expect(framable(`${path}?iframe=1&viewmode=virtual`), path).toBe(false);
    }
  });
});
