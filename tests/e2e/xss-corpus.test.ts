import { readFileSync } from "node:fs";
import { join } from "node:path";
import { ALLOWED_TAGS } from "@core/html/rich-html-policy";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AdminClient } from "../../scripts/lib/admin-client";
import { ensureDevVars } from "../../scripts/lib/dev-vars";
import { DESKTOP, launchBrowser, screenshot } from "./browser";
import { laneBaseUrl } from "./lanes";
import { LEGITIMATE_HTML, XSS_VECTORS, type XssVector } from "./xss-vectors";

const baseUrl = laneBaseUrl();
const SLUG = "xss-corpus";
const [FOREIGN_BREAKOUT, PLAINTEXT, ...others] = XSS_VECTORS.filter((vector) => vector.swallowsRest);
if (!FOREIGN_BREAKOUT || !PLAINTEXT || others.length > 0) throw new Error("the corpus's swallowing vectors changed");
const ordinary = XSS_VECTORS.filter((vector) => !vector.swallowsRest);
const corpus = (vectors: readonly XssVector[]) =>
  [LEGITIMATE_HTML, ...vectors.map((vector) => `<div>${vector.id}: ${vector.html}</div>`)].join("\n");
// Each vector that swallows what follows it ends a field of its own; the talk page shows both.
const AD_VECTORS = [...ordinary, FOREIGN_BREAKOUT];
const INFORMATION_VECTORS = [...ordinary, PLAINTEXT];
const AD = corpus(AD_VECTORS);
const INFORMATION = corpus(INFORMATION_VECTORS);

let browser: Browser;
let talkId: number;

/** What the page saw: vectors that ran and CSP violations. */
interface Watch {
  hits: string[];
  violations: { directive: string; blocked: string; sample: string }[];
}

// Runs before any page script, in the page's own world: every vector calls `__xss(<id>)`.
const WATCH_SCRIPT = `
  window.__watch = { hits: [], violations: [] };
  // Returns nothing: a javascript: URL whose script returns a value replaces the whole page.
  window.__xss = (id) => { window.__watch.hits.push(String(id)); };
  document.addEventListener("securitypolicyviolation", (event) => {
    window.__watch.violations.push({ directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample });
  });
  const title = document.title;
  new MutationObserver(() => {
    if (document.title !== title && document.title.includes("xss")) window.__watch.hits.push("title:" + document.title);
  }).observe(document, { subtree: true, childList: true, characterData: true });
`;

async function openWatched(options: {
  bypassCSP: boolean;
}): Promise<{ context: BrowserContext; page: Page; dialogs: string[] }> {
  const context = await browser.newContext({ viewport: DESKTOP, locale: "en-US", bypassCSP: options.bypassCSP });
  await context.addInitScript(WATCH_SCRIPT);
  const page = await context.newPage();
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  return { context, page, dialogs };
}

const watched = (page: Page) => page.evaluate(() => (window as unknown as { __watch: Watch }).__watch);

/** The rich-HTML blocks hold only allowed elements, no handler, no script URL; the legitimate part shows. */
async function expectCleanRichHtml(page: Page, vectors: readonly XssVector[]) {
  const blocks = page.getByTestId("rich-html");
  const found = await page.evaluate(() =>
    Array.from(document.querySelectorAll('[data-testid="rich-html"] *')).map((element) => ({
      tag: element.tagName.toLowerCase(),
      attributes: Array.from(element.attributes).map((attribute) => `${attribute.name}=${attribute.value}`),
    })),
  );
  for (const { tag, attributes } of found) {
    expect(ALLOWED_TAGS.has(tag), `<${tag}>`).toBe(true);
    for (const attribute of attributes)
      expect(attribute, `<${tag} ${attribute}>`).not.toMatch(/^on|javascript:|data:|^style=/i);
  }
  const programme = page.getByRole("link", { name: "the programme" }).first();
  expect(await programme.getAttribute("href")).toBe("https://example.org/programme?day=1&room=2");
  expect(await programme.getAttribute("rel")).toBe("noopener noreferrer nofollow");
  expect(await page.getByRole("img", { name: "Sponsor logo" }).first().getAttribute("src")).toBe(
    "https://example.org/sponsor.png",
  );
  expect(await page.locator('[data-testid="rich-html"] strong', { hasText: "strong" }).count()).toBeGreaterThan(0);
  // Every vector reached the page (none swallowed another), so each one was really tried.
  const text = (await blocks.allTextContents()).join("\n");
  for (const vector of vectors) expect(text, vector.id).toContain(`${vector.id}:`);
}

async function waitForRichHtml(page: Page) {
  await page.getByTestId("rich-html").first().waitFor();
  await page.getByText("First item").first().waitFor();
  // Broken pictures have fired their error events by the time they are complete.
  await page.waitForFunction(() =>
    Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid="rich-html"] img')).every(
      (image) => image.complete,
    ),
  );
}

/** Moves over, focuses and clicks what the corpus left, so handlers that wait for a person get their chance. */
async function poke(page: Page) {
  await page.evaluate(() => {
    for (const element of Array.from(document.querySelectorAll('[data-testid="rich-html"] *'))) {
      for (const type of ["mouseover", "mouseenter", "focus", "focusin", "toggle", "animationstart"]) {
        element.dispatchEvent(new Event(type, { bubbles: true }));
      }
      // Clicking a link would leave the page; everything else gets a click.
      if (!element.closest("a")) element.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    }
  });
  await page.waitForTimeout(500);
}

/** The event page shows the ad; the talk page shows the ad and the talk's information. */
const pages = (): [string, readonly XssVector[]][] => [
  [`/${SLUG}`, AD_VECTORS],
  [`/${SLUG}/${talkId}`, XSS_VECTORS],
];

beforeAll(async () => {
  const fixture = JSON.parse(
    readFileSync(join(import.meta.dirname, "..", "fixtures", "frab-small.schedule.json"), "utf8"),
  ) as { schedule: { conference: { days: { rooms: Record<string, { title: string; description?: string }[]> }[] } } };
  const talk = fixture.schedule.conference.days[0]?.rooms["Saal 1"]?.[0];
  if (!talk) throw new Error("the fixture changed");
  talk.description = INFORMATION;
  const { adminToken } = ensureDevVars();
  await new AdminClient(baseUrl, adminToken).importSchedule(SLUG, {
    ...fixture,
    engagement: { adHtml: AD, allowAnonymousAccess: true },
  });
  const schedule = (await (await fetch(`${baseUrl}/api/public/schedule/${SLUG}`)).json()) as {
    data: { presentations: { _id: number; name: string }[] };
  };
  const stored = schedule.data.presentations.find((presentation) => presentation.name === talk.title);
  if (!stored) throw new Error("the imported talk is missing");
  talkId = stored._id;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

describe("the XSS corpus in imported HTML (event ad, presentation information)", () => {
  it("runs nothing on the event and talk pages under the real CSP, and the legitimate HTML shows", async () => {
    const { context, page, dialogs } = await openWatched({ bypassCSP: false });
    for (const [path, vectors] of pages()) {
      const response = await page.goto(`${baseUrl}${path}`);
      expect(response?.headers()["content-security-policy"], path).toContain("script-src 'self'");
      await waitForRichHtml(page);
      await poke(page);
      await screenshot(page, `xss-corpus${path.replaceAll("/", "-")}`);
      const seen = await watched(page);
      expect(seen.hits, path).toEqual([]);
      expect(dialogs, path).toEqual([]);
      // Nothing the app does, and nothing left of the corpus, trips the CSP.
      expect(seen.violations, path).toEqual([]);
      await expectCleanRichHtml(page, vectors);
    }
    // The CSP is in force: an injected inline script is refused, and reported.
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "__xss('csp-probe')";
      document.body.append(script);
    });
    await expect
      .poll(async () => (await watched(page)).violations.map((violation) => violation.directive))
      .toContain("script-src-elem");
    expect((await watched(page)).hits).toEqual([]);
    await context.close();
  });

  it("runs nothing even with the CSP off and the server's cleaning skipped: DOMPurify alone holds", async () => {
    const { context, page, dialogs } = await openWatched({ bypassCSP: true });
    // Hand the page the raw corpus, as if the stored HTML had never been cleaned.
    const isSchedule = (url: URL) =>
      url.pathname.startsWith("/api/public/schedule") && url.pathname.endsWith(`/${SLUG}`);
    await page.route(isSchedule, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as {
        data: { event: { ad: string | null }; presentations?: { information: string | null }[] };
      };
      body.data.event.ad = AD;
      for (const presentation of body.data.presentations ?? []) presentation.information = INFORMATION;
      await route.fulfill({ status: response.status(), json: body });
    });
    for (const [path, vectors] of pages()) {
      await page.goto(`${baseUrl}${path}`);
      await waitForRichHtml(page);
      await poke(page);
      const seen = await watched(page);
      expect(seen.hits, path).toEqual([]);
      expect(dialogs, path).toEqual([]);
      await expectCleanRichHtml(page, vectors);
    }
    // The control: with the CSP off, an injected inline script does run here.
    await page.evaluate(() => {
      const script = document.createElement("script");
      script.textContent = "__xss('control')";
      document.body.append(script);
    });
    expect((await watched(page)).hits).toEqual(["control"]);
    await context.close();
  });
});
