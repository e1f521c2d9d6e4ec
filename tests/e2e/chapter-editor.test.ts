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

async function speakerPage(viewport = DESKTOP, locale: "en" | "fr" = "en") {
  const opened = await openPage(demo.browser, viewport);
  await opened.context.addInitScript((chosen) => localStorage.setItem("locale", chosen), locale);
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

/** Opens the editor on the demo talk's version from its videos page. */
async function openEditor(page: Page) {
  await page.goto(`${demo.baseUrl}/demo/my-presentations/${talk}/videos`);
  await page.getByTestId("version-row").first().getByTestId("version-edit").click();
  await page.getByTestId("chapter-row").first().waitFor();
}

/** The ruler's labels in view and the spacing of its labelled ticks. */
const ruler = async (page: Page) => ({
  majorMs: Number(await page.getByTestId("timeline-ruler").getAttribute("data-major-ms")),
  labels: await page.getByTestId("ruler-label").allTextContents(),
});

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
    // The refusal belongs to the last action: Undo replaces it with what it undid, Redo likewise.
    await page.getByTestId("editor-undo").click();
    expect(await page.getByTestId("editor-notice").allTextContents()).toEqual(["Merge undone"]);
    expect(await chapters(page)).toHaveLength(opened.length + 1);
    await page.getByTestId("editor-redo").click();
    expect(await page.getByTestId("editor-notice").allTextContents()).toEqual(["Merge redone"]);
    expect(await chapters(page)).toEqual(opened);

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
    await page.getByTestId("editor-merge").click();
    expect(await notice(page)).toBe("Select at least two thumbnails to merge.");
    await page.getByTestId("editor-save").click();
    expect(await page.getByTestId("save-outcome").textContent()).toBe("Progress saved successfully");
    // The save's message alone: the earlier refusal is gone, and the success fades away.
    expect(await page.getByTestId("editor-notice").count()).toBe(0);
    await page.getByTestId("save-outcome").waitFor({ state: "detached", timeout: 8000 });
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

    // Undo after a save: the merge saved away a chapter whose picture the undo brings back, and
    // saving that again is accepted (any picture of the version is).
    await page.getByTestId("chapter-row").nth(1).locator("button").first().click();
    await page
      .getByTestId("chapter-row")
      .nth(2)
      .locator("button")
      .first()
      .click({ modifiers: ["Shift"] });
    await page.keyboard.press("m");
    await page.getByTestId("editor-save").click();
    expect(await page.getByTestId("save-outcome").textContent()).toBe("Progress saved successfully");
    await page.getByTestId("editor-undo").click();
    expect(await page.getByTestId("editor-notice").allTextContents()).toEqual(["Merge undone"]);
    expect(await page.getByTestId("save-outcome").count()).toBe(0);
    await page.getByTestId("editor-save").click();
    expect(await page.getByTestId("save-outcome").textContent()).toBe("Progress saved successfully");
    expect(await chapters(page)).toEqual(edited);
  }, 50_000);

  it("the player shows the server's duration when the file has none; the ruler follows the zoom; + and − zoom; the playhead drags and seeks at most every 40 ms", async () => {
    const { page } = await speakerPage();
    // What a browser's own WebM recording reports until played to its end: no duration.
    await page.addInitScript(() =>
      Object.defineProperty(HTMLMediaElement.prototype, "duration", { get: () => Number.POSITIVE_INFINITY }),
    );
    await openEditor(page);
    // No schedule shell: no event sidebar or menu around the editor.
    expect(await page.locator("aside").count()).toBe(0);
    await page
      .getByTestId("main-video")
      .evaluate((video: HTMLVideoElement) =>
        video.readyState >= 1 ? undefined : new Promise((resolve) => video.addEventListener("loadedmetadata", resolve)),
      );
    await expect.poll(() => page.getByTestId("player-time").textContent()).toBe("0:00 / 0:21");
    expect(await page.getByTestId("editor-clock").textContent()).toBe("0:00 / 0:21");

    // Zoom 0, 18 px/s: a label every 5 s.
    expect(await page.getByTestId("editor-zoom-value").textContent()).toBe("×1");
    expect(await ruler(page)).toEqual({ majorMs: 5000, labels: ["0:00", "0:05", "0:10", "0:15", "0:20"] });
    await page.locator("body").click({ position: { x: 5, y: 5 } });
    for (let press = 0; press < 10; press++) await page.keyboard.press("+");
    expect(await page.getByTestId("editor-zoom-value").textContent()).toBe("×5");
    expect(await page.getByTestId("editor-zoom").getAttribute("aria-valuetext")).toBe("×5");
    expect(await page.getByTestId("editor-zoom-in").isDisabled()).toBe(true);
    // 90 px/s: a label every second.
    const zoomed = await ruler(page);
    expect(zoomed.majorMs).toBe(1000);
    expect(zoomed.labels.slice(0, 4)).toEqual(["0:00", "0:01", "0:02", "0:03"]);
    await screenshot(page, "chapter-editor-zoom-5-en");
    // The widest timeline scrolls inside its own box, never the page.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
    await page.keyboard.press("-");
    expect(await page.getByTestId("editor-zoom-value").textContent()).toBe("×4.6");
    for (let press = 0; press < 9; press++) await page.getByTestId("editor-zoom-out").click();
    expect(await page.getByTestId("editor-zoom-value").textContent()).toBe("×1");

    // The playhead: pressed on the ruler at 2 s, dragged to 12 s; the video's seeks 40 ms apart at least.
    // Each seek asked of the video (its currentTime set), when it was asked.
    await page.getByTestId("main-video").evaluate((video: HTMLVideoElement) => {
      const seeks: number[] = [];
      (window as unknown as { seeks: number[] }).seeks = seeks;
      const own = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, "currentTime");
      Object.defineProperty(video, "currentTime", {
        get: () => own?.get?.call(video),
        set: (seconds: number) => {
          seeks.push(performance.now());
          own?.set?.call(video, seconds);
        },
      });
    });
    const band = await page.getByTestId("timeline-ruler").boundingBox();
    if (!band) throw new Error("no ruler");
    const pxPerSecond = 18;
    const y = band.y + band.height / 2;
    await page.mouse.move(band.x + 2 * pxPerSecond, y);
    await page.mouse.down();
    for (let step = 1; step <= 40; step++) await page.mouse.move(band.x + (2 + step / 4) * pxPerSecond, y);
    await page.mouse.up();
    await expect.poll(() => page.getByTestId("playhead-handle").getAttribute("aria-valuenow")).toBe("12");
    await expect
      .poll(() => page.getByTestId("main-video").evaluate((video: HTMLVideoElement) => Math.round(video.currentTime)))
      .toBe(12);
    const seeks = await page.evaluate(() => (window as unknown as { seeks: number[] }).seeks);
    expect(seeks.length).toBeGreaterThan(1);
    const gaps = seeks.slice(1).map((at, index) => at - (seeks[index] ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(39);
    // The head itself drags too: back to about 4 s.
    const head = await page.getByTestId("playhead-handle").boundingBox();
    if (!head) throw new Error("no playhead head");
    await page.mouse.move(head.x + head.width / 2, head.y + head.height / 2);
    await page.mouse.down();
    await page.mouse.move(band.x + 4 * pxPerSecond, head.y + head.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => page.getByTestId("playhead-handle").getAttribute("aria-valuenow")).toBe("4");
    // Under the chapters, frames of the video itself (the processor's storyboard) and the sound's peaks.
    const tile = page.getByTestId("timeline-filmstrip").locator("span").first();
    expect(await tile.evaluate((element) => getComputedStyle(element).backgroundImage)).toContain(
      "/storyboard/001.jpg",
    );
    const inked = await page
      .getByTestId("timeline-waveform")
      .locator("canvas")
      .evaluate((canvas: HTMLCanvasElement) => {
        const pixels = canvas.getContext("2d")?.getImageData(0, 0, canvas.width, canvas.height).data ?? [];
        let count = 0;
        for (let index = 3; index < pixels.length; index += 4) if ((pixels[index] ?? 0) > 0) count++;
        return count;
      });
    expect(inked).toBeGreaterThan(1000);
    // A press on the filmstrip moves the playhead there too.
    const strip = await page.getByTestId("timeline-filmstrip").boundingBox();
    if (!strip) throw new Error("no filmstrip");
    await page.mouse.click(strip.x + 8 * pxPerSecond, strip.y + strip.height / 2);
    await expect.poll(() => page.getByTestId("playhead-handle").getAttribute("aria-valuenow")).toBe("8");
    // Chapter blocks carry their titles and alternate colours.
    const blocks = page.getByTestId("timeline-chapter");
    expect(await blocks.nth(1).getAttribute("data-hue")).not.toBe(await blocks.nth(0).getAttribute("data-hue"));
    expect(
      (await page.getByTestId("timeline-chapter-title").allTextContents()).every((title) => title.length > 0),
    ).toBe(true);
  }, 40_000);

  it("the editor in French and English, at 375 and 1440 px: every text translated, nothing past the screen's edge", async () => {
    for (const locale of ["fr", "en"] as const) {
      for (const viewport of [PHONE, DESKTOP]) {
        const { page, context } = await speakerPage(viewport, locale);
        await openEditor(page);
        await page.getByTestId("timeline-chapter").first().click();
        await page.getByTestId("editor-merge").click();
        const name = `chapter-editor-${viewport === PHONE ? "phone" : "desktop"}-${locale}`;
        await screenshot(page, name);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        expect(await notice(page)).toBe(
          locale === "fr"
            ? "Sélectionnez au moins deux miniatures à fusionner."
            : "Select at least two thumbnails to merge.",
        );
        if (viewport === PHONE) {
          // Video, timeline, tools, then the list: one under the other.
          const top = async (testId: string) => (await page.getByTestId(testId).boundingBox())?.y ?? -1;
          const order = [
            await top("synced-player"),
            await top("chapter-timeline"),
            await top("editor-tools"),
            await top("chapter-list"),
          ];
          expect(order).toEqual([...order].sort((a, b) => a - b));
          expect(order[0]).toBeGreaterThan(0);
        }
        await context.close();
      }
    }
  }, 60_000);

  it("leaving with unsaved changes asks first; the phone layout keeps every control", async () => {
    const { page } = await speakerPage(PHONE);
    await page.goto(`${demo.baseUrl}/demo/my-presentations/${talk}/videos`);
    await page.getByTestId("version-row").first().getByTestId("version-edit").click();
    await page.getByTestId("chapter-row").first().waitFor();
    await page.getByTestId("chapter-title").first().fill("Not kept");
    await page.getByTestId("chapter-title").first().press("Enter");
    await screenshot(page, "chapter-editor-phone-en");
    expect(await seriousAccessibilityViolations(page, { targetSize: true })).toEqual([]);
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
