import type { BrowserContext } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, PHONE, screenshot } from "./browser";
import { setUpDemoBrowser } from "./demo-browser";

const demo = setUpDemoBrowser({});

interface Talk {
  _id: number;
  name: string;
  abstract: string | null;
  subtitle?: string;
}

const SUBTITLE_WITH_ABSTRACT = "ce que les agents font vraiment quand personne ne regarde";
const SUBTITLE_ALONE = "une heure pour tout comprendre";

/** Two demo talks: one with an abstract, one without (the importer gave it its subtitle as one). */
async function twoTalks(): Promise<[Talk, Talk]> {
  const response = await fetch(`${demo.baseUrl}/api/public/schedule/demo`);
  const talks = ((await response.json()) as { data: { presentations: Talk[] } }).data.presentations;
  const withAbstract = talks.filter((talk) => (talk.abstract?.trim().length ?? 0) > 40);
  const [first, second] = withAbstract;
  if (!first || !second) throw new Error("the demo has too few talks with an abstract");
  return [first, second];
}

/**
 * The schedule as a frab import with subtitles would give it: the first talk's title ends in ':'
 * and its subtitle completes it, the second has no abstract of its own, so its subtitle is its abstract.
 */
async function withSubtitles(context: BrowserContext, [first, second]: [Talk, Talk]) {
  await context.route(
    (url) => url.pathname === "/api/public/schedule/demo",
    async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { presentations: Talk[] } };
      for (const talk of body.data.presentations) {
        if (talk._id === first._id) Object.assign(talk, { name: `${first.name}:`, subtitle: SUBTITLE_WITH_ABSTRACT });
        if (talk._id === second._id) Object.assign(talk, { abstract: SUBTITLE_ALONE, subtitle: SUBTITLE_ALONE });
      }
      await route.fulfill({ status: response.status(), json: body });
    },
  );
}

describe("a talk's subtitle on its page", () => {
  for (const locale of ["fr", "en"] as const) {
    it(`is shown under the title with or without an abstract, which stays (${locale})`, async () => {
      const talks = await twoTalks();
      const [first, second] = talks;
      for (const [label, viewport] of [
        ["phone", PHONE],
        ["desktop", DESKTOP],
      ] as const) {
        const context = await demo.browser.newContext({ viewport, locale: locale === "fr" ? "fr-FR" : "en-US" });
        await context.addInitScript((code) => localStorage.setItem("locale", code), locale);
        await withSubtitles(context, talks);
        const page = await context.newPage();

        await page.goto(`${demo.baseUrl}/demo/${first._id}`);
        const name = page.getByTestId("presentation-name");
        const subtitle = page.getByTestId("presentation-subtitle");
        await subtitle.waitFor();
        expect(await name.textContent()).toBe(`${first.name}:`);
        expect(await subtitle.textContent()).toBe(SUBTITLE_WITH_ABSTRACT);
        const [nameBox, subtitleBox] = [await name.boundingBox(), await subtitle.boundingBox()];
        expect(subtitleBox?.y ?? 0).toBeGreaterThanOrEqual((nameBox?.y ?? 0) + (nameBox?.height ?? 0));
        expect(subtitleBox?.y ?? 0).toBeLessThan((nameBox?.y ?? 0) + (nameBox?.height ?? 0) + 16);
        // The abstract is still there, below.
        const abstractStart = (first.abstract ?? "").trim().slice(0, 30);
        await expect.poll(() => page.getByTestId("presentation-header").textContent()).toContain(abstractStart);
        await screenshot(page, `presentation-subtitle-${locale}-${label}`);

        await page.goto(`${demo.baseUrl}/demo/${second._id}`);
        await subtitle.waitFor();
        expect(await subtitle.textContent()).toBe(SUBTITLE_ALONE);
        // Said once: not again as the abstract.
        expect(await page.getByTestId("presentation-header").getByText(SUBTITLE_ALONE).count()).toBe(1);
        await context.close();
      }
    });
  }
});
