import { describe, expect, it } from "vitest";
import { DESKTOP, openPage, PHONE, screenshot } from "./browser";
import { setUpFakeMediaBrowser } from "./fake-media-browser";
import { seriousAccessibilityViolations, storeSession } from "./schedule-helpers";

/**
 * The processor transcodes both WebM videos and chapters them: 10 to 60 s on a loaded 2-core
 * machine, once more than 90 s in CI.
 */
const PROCESSING_MS = 150_000;
const RECORD_MS = 5_000;
const MAIN_HALL = "Amphithéâtre Lumière";

const demo = setUpFakeMediaBrowser({ speaker: "speaker@demo.test", attendee: "attendee@demo.test" });

interface DemoTalk {
  _id: number;
  date: string;
  speaker_id: number | null;
  room_info: { name: string } | null;
}

async function demoTalks(): Promise<DemoTalk[]> {
  const schedule = (await (await fetch(`${demo.baseUrl}/api/public/schedule/demo`)).json()) as {
    data: { presentations: DemoTalk[] };
  };
  return schedule.data.presentations;
}

const todayInLyon = () => new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());

describe("recording in the browser", () => {
  it("the speaker records 5 s of camera and screen from the Record video tab, uploads the take, and the new version appears and processes", async () => {
    const { speaker_id } = demo.sessions.speaker.user as { speaker_id?: number };
    const talk = (await demoTalks()).find((candidate) => candidate.speaker_id === speaker_id);
    if (!talk) throw new Error("the demo speaker has no talk");
    const { context, page } = await openPage(demo.browser, DESKTOP);
    await context.addInitScript(() => localStorage.setItem("locale", "en"));
    await storeSession(context, demo.sessions.speaker);
    await page.goto(`${demo.baseUrl}/demo/my-presentations/${talk._id}/videos`);
    await page.getByTestId("speaker-card").waitFor();
    const versionsBefore = await page.getByTestId("version-row").count();
    // The demo's main hall streams: its talks' Live stream tab is a link.
    await page.locator('a[data-testid="tab-live"]').waitFor();

    await page.getByTestId("tab-record").click();
    await page.waitForURL(/\/visio\/record\/demo\//);
    await page.getByTestId("recorder-camera-on").click();
    await page.getByTestId("recorder-screen-on").click();
    await page.getByTestId("recorder-start").click({ timeout: 10_000 });
    await page.getByTestId("recorder-elapsed").waitFor();
    // Stopping is the danger action, red whatever the event's colours.
    expect(await page.getByTestId("recorder-stop").evaluate((stop) => getComputedStyle(stop).backgroundColor)).toBe(
      "rgb(180, 35, 24)",
    );
    await screenshot(page, "recorder-recording-desktop-en");
    await page.waitForTimeout(RECORD_MS);
    await page.getByTestId("recorder-stop").click();
    await page.getByTestId("recorder-retake").waitFor();
    expect(await seriousAccessibilityViolations(page)).toEqual([]);
    await screenshot(page, "recorder-review-desktop-en");

    await page.getByTestId("recorder-upload").click();
    await page.waitForURL(new RegExp(`/demo/my-presentations/${talk._id}/videos$`), { timeout: 30_000 });
    await page.waitForFunction(
      (before) => document.querySelectorAll('[data-testid="version-row"]').length > before,
      versionsBefore,
    );
    const row = page.getByTestId("version-row").first();
    // Until the processing ends either way, so that a failure says how it ended.
    await page.waitForFunction(
      () => {
        const status = document.querySelector('[data-testid="version-row"]')?.getAttribute("data-status");
        return status !== "pending" && status !== "processing";
      },
      undefined,
      { timeout: PROCESSING_MS },
    );
    expect({ status: await row.getAttribute("data-status"), row: await row.textContent() }).toMatchObject({
      status: "success",
    });
    await context.close();
  }, 210_000);

  it("the recorder reads well on a phone in French, and refuses a link whose token is not the named user's", async () => {
    const { speaker_id } = demo.sessions.speaker.user as { speaker_id?: number };
    const talk = (await demoTalks()).find((candidate) => candidate.speaker_id === speaker_id);
    const { token, user } = demo.sessions.speaker;
    const { context, page } = await openPage(demo.browser, PHONE);
    await page.goto(`${demo.baseUrl}/visio/record/demo/${talk?._id}/${user.id}/fr/${encodeURIComponent(token)}`);
    await page.getByTestId("recorder-camera-on").click();
    await page.getByTestId("recorder-camera-on").waitFor({ state: "detached" });
    await page.getByText("Enregistrer une vidéo").first().waitFor();
    await screenshot(page, "recorder-phone-fr");
    // Another user's id in the link: the token is not theirs.
    await page.goto(`${demo.baseUrl}/visio/record/demo/${talk?._id}/${user.id + 1}/fr/${encodeURIComponent(token)}`);
    await page.getByTestId("recorder-invalid").waitFor();
    await context.close();
  });
});

describe("LIVESTREAM", () => {
  it("opens the configured live room of a talk on its day, and says a room without visio does not stream", async () => {
    const today = todayInLyon();
    const talks = (await demoTalks()).filter((talk) => talk.date === today);
    const streamed = talks.find((talk) => talk.room_info?.name === MAIN_HALL);
    const notStreamed = talks.find((talk) => talk.room_info && talk.room_info.name !== MAIN_HALL);
    if (!streamed || !notStreamed) throw new Error("the demo has no talk today in and out of its main hall");
    const { context, page } = await openPage(demo.browser, DESKTOP);
    await storeSession(context, demo.sessions.attendee);
    // The live room is an outside site: answered here, since this machine is offline.
    await context.route("https://meet.jit.si/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<title>Jitsi Meet</title><p>live room</p>" }),
    );
    await page.goto(`${demo.baseUrl}/demo`);
    const notStreamedCard = page.locator(`[data-presentation-id="${notStreamed._id}"]`);
    await notStreamedCard.scrollIntoViewIfNeeded();
    // Not a faded button: the words why, which a touch screen shows too.
    await notStreamedCard.getByTestId("livestream-off").waitFor();
    expect(await notStreamedCard.getByTestId("livestream-off").textContent()).toBe("Pas de direct dans cette salle");
    expect(await notStreamedCard.getByTestId("livestream-link").count()).toBe(0);
    const live = page.locator(`[data-presentation-id="${streamed._id}"]`).getByTestId("livestream-link");
    await live.scrollIntoViewIfNeeded();
    await page.waitForFunction(
      (id) => document.querySelector(`[data-presentation-id="${id}"] a[data-testid="livestream-link"]`) !== null,
      streamed._id,
    );
    await live.click();
    await page.waitForURL(/^https:\/\/meet\.jit\.si\//);
    expect(page.url()).toBe(`https://meet.jit.si/demo-amphitheatre-lumiere-${streamed._id}`);

    // The live page of a talk whose room does not stream says so instead.
    await page.setViewportSize(PHONE);
    await page.goto(`${demo.baseUrl}/visio/${notStreamed._id}/${demo.sessions.attendee.user.id}`);
    await page.getByTestId("live-room-closed").getByText("Le direct n'est pas activé").waitFor();
    await screenshot(page, "live-room-closed-phone-fr");
    await context.close();
  });
});
