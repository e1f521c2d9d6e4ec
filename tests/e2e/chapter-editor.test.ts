import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, openPage, PHONE, screenshot } from "./browser";
import { setUpDemoBrowser } from "./demo-browser";
import { DEMO_VERSION_TIMEOUT_MS, demoTalkWithVersion } from "./demo-talk";
import { seriousAccessibilityViolations, storeSession } from "./schedule-helpers";

const demo = setUpDemoBrowser({ speaker: "speaker@demo.test", attendee: "attendee@demo.test" });
let talk: number;

beforeAll(async () => {
  talk = await demoTalkWithVersion(demo.baseUrl);
}, DEMO_VERSION_TIMEOUT_MS);

async function speakerPage(viewport = DESKTOP) {
  const opened = await openPage(demo.browser, viewport);
  await opened.context.addInitScript(() => localStorage.setItem("locale", "en"));
  await storeSession(opened.context, demo.sessions.speaker);
  return opened;
}

/** Each chapter's start and title as the list shows them. */
const chapters = (page: Page) =>
  page.getByTestId("chapter-row").evaluateAll((rows) =>
    rows.map((row) => ({
      time: row.querySelector("button span:last-child")?.textContent?.split("–")[0]?.trim(),
      title: (row.querySelector("input") as HTMLInputElement).value,
    })),
  );

const notice = (page: Page) => page.getByTestId("editor-notice").textContent();

describe("the chapter editor", () => {
  it("the speaker splits, merges, renames, undoes and redoes, saves and finds the chapters again; a stale tab's save gets the conflict", async () => {
    const { page } = await speakerPage();
    await page.goto(`${demo.baseUrl}/demo/my-presentations/${talk}/videos`);
    await page.getByTestId("version-row").first().getByTestId("version-edit").click();
    await page.getByTestId("chapter-editor").waitFor();
    const opened = await chapters(page);
    expect(opened.length).toBeGreaterThanOrEqual(2);
    const versionId = await page.evaluate(() => (history.state as { versionId?: string }).versionId);

    // A second tab opened on the same revision, before anything is saved.
    const stale = await speakerPage();
    await stale.page.goto(`${demo.baseUrl}/demo/videoeditor/${talk}?versionId=${versionId}`);
    await stale.page.getByTestId("chapter-row").first().waitFor();

    await page
      .getByTestId("main-video")
      .evaluate((video: HTMLVideoElement) =>
        video.readyState >= 1 ? undefined : new Promise((resolve) => video.addEventListener("loadedmetadata", resolve)),
      );
    // Split the first chapter in its middle: click there on the timeline (the playhead goes there), then B.
    const first = page.getByTestId("timeline-chapter").first();
    const box = await first.boundingBox();
    if (!box) throw new Error("no timeline chapter");
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.keyboard.press("b");
    expect(await notice(page)).toMatch(/^Split into \d\d:\d\d \+ \d\d:\d\d$/);
    expect(await chapters(page)).toHaveLength(opened.length + 1);

    // Merge the two parts again: select the second, Shift+select the first, M.
    await page.getByTestId("chapter-row").nth(1).locator("button").first().click();
    await page
      .getByTestId("chapter-row")
      .nth(0)
      .locator("button")
      .first()
      .click({ modifiers: ["Shift"] });
    await page.getByTestId("editor-merge").click();
    expect(await notice(page)).toBe("Thumbnails merged successfully!");
    expect(await chapters(page)).toEqual(opened);
    await page.getByTestId("editor-merge").click();
    expect(await notice(page)).toBe("Select at least two thumbnails to merge.");

    await page.getByTestId("chapter-title").first().fill("Opening words");
    await page.getByTestId("chapter-title").first().press("Enter");
    await page.keyboard.press("Control+z");
    expect((await chapters(page))[0]?.title).toBe(opened[0]?.title);
    await page.getByTestId("editor-redo").click();
    expect((await chapters(page))[0]?.title).toBe("Opening words");
    // A split kept, so the saved chapters differ from the opened ones in number too.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await page.getByTestId("editor-cut").click();
    const edited = await chapters(page);
    expect(edited).toHaveLength(opened.length + 1);

    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, "chapter-editor-desktop-en");
    await page.getByTestId("editor-save").click();
    expect(await page.getByTestId("save-outcome").textContent()).toBe("Progress saved successfully");
    expect(await page.getByTestId("editor-modified").textContent()).toBe("All changes saved");
    await page.reload();
    await page.getByTestId("chapter-row").first().waitFor();
    expect(await chapters(page)).toEqual(edited);

    // What an attendee's watch page reads: the talk's WebVTT chapters.
    const vtt = await fetch(`${demo.baseUrl}/api/presentation/${talk}/chapters.vtt`, {
      headers: { authorization: `Bearer ${demo.sessions.attendee.token}` },
    });
    expect(await vtt.text()).toContain("Opening words");

    await stale.page.getByTestId("chapter-title").first().fill("Stale title");
    await stale.page.getByTestId("chapter-title").first().press("Enter");
    await stale.page.getByTestId("editor-save").click();
    expect(await stale.page.getByTestId("save-outcome").textContent()).toMatch(
      /^Failed to save progress: .*another tab/,
    );
    await stale.page.getByTestId("take-newer").click();
    expect(await chapters(stale.page)).toEqual(edited);
  }, 40_000);

  it("leaving with unsaved changes asks first; the phone layout keeps every control", async () => {
    const { page } = await speakerPage(PHONE);
    await page.goto(`${demo.baseUrl}/demo/my-presentations/${talk}/videos`);
    await page.getByTestId("version-row").first().getByTestId("version-edit").click();
    await page.getByTestId("chapter-row").first().waitFor();
    await page.getByTestId("chapter-title").first().fill("Not kept");
    await page.getByTestId("chapter-title").first().press("Enter");
    await screenshot(page, "chapter-editor-phone-en");
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByTestId("editor-back").click();
    await page.getByTestId("editor-leave").getByText("Changes are not saved yet. Are You Sure?").waitFor();
    await page.getByTestId("editor-leave-no").click();
    expect(page.url()).toContain("/videoeditor/");
    await page.getByTestId("editor-back").click();
    await page.getByTestId("editor-leave-yes").click();
    await page.waitForURL(/\/videos$/);
  }, 30_000);
});
