import { join } from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { DESKTOP, openPage, PHONE, screenshot } from "./browser";
import { setUpDemoBrowser } from "./demo-browser";
import { DEMO_VERSION_TIMEOUT_MS, demoTalkWithVersion } from "./demo-talk";
import { seriousAccessibilityViolations, storeSession } from "./schedule-helpers";

const FIXTURES = join(import.meta.dirname, "..", "fixtures", "versions");
/**
 * The processor converts the pptx, renders its pages and chapters the video: about 10 s alone, but
 * LibreOffice's cold start and the video's steps share the CI machine's two cores with the other
 * end-to-end files (over 40 s seen there).
 */
const PROCESSING_MS = 100_000;

const demo = setUpDemoBrowser({ speaker: "speaker@demo.test", attendee: "attendee@demo.test" });

/** A page in English (the spec's own texts), logged in as `session`. */
async function openInEnglish(session: (typeof demo.sessions)["speaker"], viewport = DESKTOP) {
  const opened = await openPage(demo.browser, viewport);
  await opened.context.addInitScript(() => localStorage.setItem("locale", "en"));
  await storeSession(opened.context, session);
  return opened;
}

/** Records the highest value the upload ring announces, however briefly it shows. */
async function watchUploadRing(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const record = window as unknown as { ringMax: number };
    record.ringMax = -1;
    new MutationObserver(() => {
      const ring = document.querySelector('[data-testid="upload-progress"]');
      if (ring) record.ringMax = Math.max(record.ringMax, Number(ring.getAttribute("aria-valuenow")));
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => (window as unknown as { ringMax: number }).ringMax);
}

/** Whether the element is within the window, as the page scrolled it after the save. */
function isInView(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.top >= 0 && box.bottom <= window.innerHeight;
}

/** Whether the element's centre is not covered by anything else (a dialog, a backdrop). */
function isTopmost(element: Element): boolean {
  const box = element.getBoundingClientRect();
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return top !== null && (top === element || element.contains(top));
}

/**
 * A talk the demo speaker gives as its main speaker (the one who manages its versions) with no
 * public video yet: the demo may ship one already online.
 */
async function talkWithoutVideo(): Promise<number> {
  const { speaker_id } = demo.sessions.speaker.user as { speaker_id?: number };
  const schedule = (await (await fetch(`${demo.baseUrl}/api/public/schedule/demo`)).json()) as {
    data: { presentations: { _id: number; speaker_id: number | null; publicVideo: boolean }[] };
  };
  const talk = schedule.data.presentations.find((talk) => talk.speaker_id === speaker_id && !talk.publicVideo);
  if (!talk) throw new Error("the demo speaker has no talk without a public video");
  return talk._id;
}

describe("a speaker's versions", () => {
  it("the speaker uploads a pptx and a video in mode two, sees the ring and the processing reach 100 %, puts the version online; an attendee then sees Watch video and the PDF on the card", async () => {
    const { context, page } = await openInEnglish(demo.sessions.speaker);
    await page.goto(`${demo.baseUrl}/demo/my-presentations`);
    await page.getByTestId("my-presentation-card").first().waitFor();
    const talk = await talkWithoutVideo();
    await page.locator(`[data-presentation-id="${talk}"]`).getByTestId("my-videos").click();
    await page.waitForURL(new RegExp(`/demo/my-presentations/${talk}/videos$`));
    await page.getByTestId("speaker-card").waitFor();

    await page.getByTestId("mode-two").click();
    expect(await page.getByTestId("mode-two").getAttribute("aria-pressed")).toBe("true");
    await page.getByTestId("file-video").setInputFiles(join(FIXTURES, "talk.mp4"));
    await page.getByTestId("file-slides").setInputFiles(join(FIXTURES, "talk.pptx"));
    const ringMax = await watchUploadRing(page);
    await page.getByTestId("upload-save").click();
    // The upload and its result are said in the panel: no dialog blocks the page at any step.
    await page.getByTestId("upload-status").waitFor();
    expect(await page.locator("dialog[open]").count()).toBe(0);
    const uploadStatus = page.getByTestId("upload-status");
    await uploadStatus.getByText("Chaptering is processing").waitFor();
    expect(await uploadStatus.getAttribute("data-state")).toBe("success");
    expect(await page.locator("dialog[open]").count()).toBe(0);
    expect(await ringMax()).toBe(100);

    const row = page.getByTestId("version-row").first();
    const status = await row.getAttribute("data-status");
    expect(status).toMatch(/pending|processing|success/);
    if (status !== "success") {
      // The processing bar the message announces is in sight, on top: nothing covers it.
      const bar = row.getByTestId("version-progress");
      await bar.waitFor();
      await expect.poll(() => bar.evaluate(isInView), { timeout: 3_000 }).toBe(true);
      expect(await bar.evaluate(isTopmost)).toBe(true);
      expect(await row.getByTestId("version-online").isDisabled()).toBe(true);
      expect(await row.getByTestId("version-online-note").textContent()).toBe("Can go online once processing is done");
    }
    await screenshot(page, "versions-processing-1440-en");
    await row.getByText("The video with chapters is ready").waitFor({ timeout: PROCESSING_MS });
    // The ready message and the row's status come from the same report: no moment shows one without the other.
    expect(await row.getAttribute("data-status")).toBe("success");
    await row.getByTestId("version-open").waitFor();
    expect(await row.getByTestId("version-online").isDisabled()).toBe(false);
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, "versions-desktop-en");

    const toast = page.getByTestId("version-toast");
    await row.getByTestId("version-online").click();
    await toast.getByText("You Version Is Online").waitFor();
    expect(await row.getByTestId("version-online").isChecked()).toBe(true);
    await toast.getByTestId("upload-status-close").click();

    const attendee = await openInEnglish(demo.sessions.attendee, PHONE);
    await attendee.page.goto(`${demo.baseUrl}/demo`);
    const card = attendee.page.locator(`[data-testid="presentation-card"][data-presentation-id="${talk}"]`);
    await card.getByTestId("watch-video").waitFor();
    expect(await card.getByTestId("pdf-link").getAttribute("href")).toMatch(/^\/api\/files\//);
    await attendee.context.close();

    // A webcam for the online version: said before (beside the button, in the confirmation) that
    // it takes the version offline, and after (the result, the row's note).
    await row.getByTestId("version-expand").click();
    await row.getByTestId("webcam-warning").getByText("adding a webcam video takes it offline").waitFor();
    await row.getByTestId("webcam-add").click();
    await page.getByTestId("webcam-confirm").getByText("attendees will not see the video").waitFor();
    const chooser = page.waitForEvent("filechooser");
    await page.getByTestId("webcam-confirm-yes").click();
    await (await chooser).setFiles(join(FIXTURES, "talk.mp4"));
    await row.getByTestId("webcam-save").click();
    await row.getByTestId("webcam-status").waitFor();
    expect(await page.locator("dialog[open]").count()).toBe(0);
    await toast
      .getByText("Webcam video added: the version is offline while chaptering is processing")
      .waitFor({ timeout: 30_000 });
    await row.getByTestId("version-taken-offline").waitFor();
    expect(await row.getByTestId("version-online").isChecked()).toBe(false);
    await screenshot(page, "versions-webcam-offline-1440-en");
    await toast.getByTestId("upload-status-close").click();

    // Deleted after its confirmation (processing or not): the next run starts from the same demo.
    await row.getByTestId("version-delete").click();
    await page.getByTestId("delete-confirm").getByText("Are you sure you want to delete").waitFor();
    await page.getByTestId("delete-confirm-yes").click();
    await toast.getByText("Version deleted succesfully").waitFor();
    await context.close();
  }, 180_000);
});

describe("a version's row", () => {
  it(
    "writes its time on a 24-hour clock in both languages, its date day first and its 21 s duration in seconds",
    async () => {
      const talk = await demoTalkWithVersion(demo.baseUrl);
      for (const [name, viewport] of [
        ["375", PHONE],
        ["1440", DESKTOP],
      ] as const) {
        for (const locale of ["fr", "en"] as const) {
          const { context, page } = await openPage(demo.browser, viewport);
          await context.addInitScript((chosen) => localStorage.setItem("locale", chosen), locale);
          await storeSession(context, demo.sessions.speaker);
          await page.goto(`${demo.baseUrl}/demo/my-presentations/${talk}/videos`);
          const row = page.getByTestId("version-row").first();
          await row.waitFor();
          const time = await row.getByTestId("version-time").textContent();
          // The 24-hour clock in both languages, as every other time of the app.
          expect(time).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
          expect(await row.textContent()).not.toMatch(/\b(AM|PM)\b/);
          expect(await row.getByTestId("version-duration").textContent()).toMatch(/\b21 s$/);
          await screenshot(page, `versions-row-${name}-${locale}`);
          await context.close();
        }
      }
    },
    DEMO_VERSION_TIMEOUT_MS + 60_000,
  );
});

describe("the versions page of the demo talk (online, mode two, no webcam)", () => {
  it(
    "shows each version's plays, warns before a webcam takes the online version offline, and fits a phone in one column",
    async () => {
      const talk = await demoTalkWithVersion(demo.baseUrl);
      const answer = (await (
        await fetch(`${demo.baseUrl}/api/presentation/${talk}/version-plays`, {
          headers: { authorization: `Bearer ${demo.sessions.speaker.token}` },
        })
      ).json()) as { data: { versionId: string; plays: number }[] };
      for (const [name, viewport] of [
        ["375", PHONE],
        ["1440", DESKTOP],
      ] as const) {
        for (const locale of ["fr", "en"] as const) {
          const { context, page } = await openPage(demo.browser, viewport);
          await context.addInitScript((chosen) => localStorage.setItem("locale", chosen), locale);
          await storeSession(context, demo.sessions.speaker);
          await page.goto(`${demo.baseUrl}/demo/my-presentations/${talk}/videos`);
          const row = page.getByTestId("version-row").first();
          await row.waitFor();
          const versionId = await row.getAttribute("data-version-id");
          const plays = answer.data.find((version) => version.versionId === versionId)?.plays;
          expect(plays).toBeTypeOf("number");
          await expect
            .poll(() => row.getByTestId("version-plays").textContent())
            .toMatch(new RegExp(`^${plays} (${locale === "en" ? "plays?" : "lectures?"})$`));
          expect(await row.getByTestId("version-online").isChecked()).toBe(true);

          // One column: the speaker's card sits above the upload, not beside it.
          const card = await page.getByTestId("speaker-card").boundingBox();
          const upload = await page.getByTestId("upload-panel").boundingBox();
          expect(card && upload && card.y + card.height <= upload.y).toBe(true);
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
          // The talk page's page tabs: My videos is the one open; on a phone the three share one row.
          const tabs = ["tab-record", "tab-live", "tab-videos"].map((id) => page.getByTestId(id));
          expect(await page.getByTestId("tab-videos").getAttribute("aria-current")).toBe("page");
          const tabBoxes = await Promise.all(tabs.map((tab) => tab.boundingBox()));
          for (const box of tabBoxes) expect(box?.height).toBeGreaterThanOrEqual(44);
          if (viewport === PHONE) expect(new Set(tabBoxes.map((box) => Math.round(box?.y ?? -1))).size).toBe(1);
          if (viewport === PHONE) {
            // The card is short enough for the upload to start on the first screen.
            expect(upload?.y).toBeLessThan(viewport.height * 0.6);
            // Thumb-sized targets; the switch's is its label (the test id's element), which toggles it too.
            const targets = [
              row.getByTestId("version-online"),
              row.getByTestId("version-edit"),
              row.getByTestId("version-delete"),
              row.getByTestId("version-expand"),
              row.getByTestId("version-open"),
            ];
            for (const target of targets) expect((await target.boundingBox())?.height).toBeGreaterThanOrEqual(44);
          }
          await screenshot(page, `versions-page-${name}-${locale}`);

          await row.getByTestId("version-expand").click();
          const warning = row.getByTestId("webcam-warning");
          await warning.waitFor();
          expect(await warning.textContent()).toContain(locale === "en" ? "takes it offline" : "la met hors ligne");
          await row.getByTestId("webcam-add").click();
          const confirm = page.getByTestId("webcam-confirm");
          await confirm.waitFor();
          expect(await confirm.textContent()).toContain(
            locale === "en" ? "attendees will not see the video" : "les participants ne verront plus la vidéo",
          );
          await screenshot(page, `versions-webcam-warning-${name}-${locale}`);
          // NO: the demo's version stays online for the other tests.
          await page.getByTestId("webcam-confirm-no").click();
          expect(await row.getByTestId("version-online").isChecked()).toBe(true);
          await context.close();
        }
      }
    },
    DEMO_VERSION_TIMEOUT_MS + 90_000,
  );
});
