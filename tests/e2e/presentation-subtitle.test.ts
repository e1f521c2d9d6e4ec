import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { AdminClient } from "../../scripts/lib/admin-client";
import { ensureDevVars } from "../../scripts/lib/dev-vars";
import { DESKTOP, PHONE, screenshot } from "./browser";
import { setUpDemoBrowser } from "./demo-browser";

const demo = setUpDemoBrowser({});
const SLUG = "subtitles";

interface FixtureTalk {
  title: string;
  subtitle?: string | null;
  abstract?: string | null;
}

const TITLE_WITH_COLON = "Opening Ceremony:";
const SUBTITLE_WITH_ABSTRACT = "ce que les agents font vraiment quand personne ne regarde";
/** The fixture's second talk: a subtitle and no abstract. */
const SUBTITLE_ALONE = "Trusting your silicon";

let talks: { withAbstract: { _id: number; abstract: string }; alone: { _id: number } };

/**
 * A frab schedule imported as `npm run import` does: the first talk's title ends in ':' and its
 * subtitle completes it beside its abstract; the second has a subtitle and no abstract.
 */
beforeAll(async () => {
  const fixture = JSON.parse(
    readFileSync(join(import.meta.dirname, "..", "fixtures", "frab-small.schedule.json"), "utf8"),
  ) as { schedule: { conference: { days: { rooms: Record<string, FixtureTalk[]> }[] } } };
  const [first, second] = fixture.schedule.conference.days[0]?.rooms["Saal 1"] ?? [];
  if (!first?.abstract || second?.subtitle !== SUBTITLE_ALONE || second.abstract)
    throw new Error("the fixture changed");
  first.title = TITLE_WITH_COLON;
  first.subtitle = SUBTITLE_WITH_ABSTRACT;
  const { adminToken } = ensureDevVars();
  await new AdminClient(demo.baseUrl, adminToken).importSchedule(SLUG, {
    ...fixture,
    engagement: { allowAnonymousAccess: true },
  });
  const response = await fetch(`${demo.baseUrl}/api/public/schedule/${SLUG}`);
  const list = (
    (await response.json()) as { data: { presentations: { _id: number; name: string; abstract: string }[] } }
  ).data.presentations;
  const withAbstract = list.find((talk) => talk.name === TITLE_WITH_COLON);
  const alone = list.find((talk) => talk.name === second.title);
  if (!withAbstract || !alone) throw new Error("the imported talks are missing");
  talks = { withAbstract, alone };
});

describe("a talk's subtitle on its page", () => {
  for (const locale of ["fr", "en"] as const) {
    it(`is shown under the title with or without an abstract, which stays (${locale})`, async () => {
      for (const [label, viewport] of [
        ["phone", PHONE],
        ["desktop", DESKTOP],
      ] as const) {
        const context = await demo.browser.newContext({ viewport, locale: locale === "fr" ? "fr-FR" : "en-US" });
        await context.addInitScript((code) => localStorage.setItem("locale", code), locale);
        const page = await context.newPage();

        await page.goto(`${demo.baseUrl}/${SLUG}/${talks.withAbstract._id}`);
        const name = page.getByTestId("presentation-name");
        const subtitle = page.getByTestId("presentation-subtitle");
        await subtitle.waitFor();
        expect(await name.textContent()).toBe(TITLE_WITH_COLON);
        expect(await subtitle.textContent()).toBe(SUBTITLE_WITH_ABSTRACT);
        const [nameBox, subtitleBox] = [await name.boundingBox(), await subtitle.boundingBox()];
        expect(subtitleBox?.y ?? 0).toBeGreaterThanOrEqual((nameBox?.y ?? 0) + (nameBox?.height ?? 0));
        expect(subtitleBox?.y ?? 0).toBeLessThan((nameBox?.y ?? 0) + (nameBox?.height ?? 0) + 16);
        // The abstract is still there, below.
        await expect
          .poll(() => page.getByTestId("presentation-header").textContent())
          .toContain(talks.withAbstract.abstract.trim());
        await screenshot(page, `presentation-subtitle-${locale}-${label}`);

        await page.goto(`${demo.baseUrl}/${SLUG}/${talks.alone._id}`);
        await subtitle.waitFor();
        expect(await subtitle.textContent()).toBe(SUBTITLE_ALONE);
        // Said once: it is not the talk's abstract.
        expect(await page.getByTestId("presentation-header").getByText(SUBTITLE_ALONE).count()).toBe(1);
        await context.close();
      }
    });
  }
});
