/**
 * `npm run screenshots`: every page of the demo event at phone and desktop width, in French and
 * English, as an anonymous visitor, an attendee, a speaker and a moderator, into one folder that
 * it prints at the end. Starts its own app on a fresh database with the demo seed, as the e2e
 * tests do. `--only=schedule,forum` keeps the pages named; `--skip-build` reuses web/dist.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Browser, Page } from "playwright-core";
import { DESKTOP, launchBrowser, PHONE, TEST_CHROMIUM } from "../tests/e2e/browser";
import { type DemoSession, logIn, storeSession } from "../tests/e2e/schedule-helpers";
import { DEMO_QUIZ } from "./demo/demo-quiz";
import { buildSpa } from "./lib/build-spa";
import { startDemoApps } from "./lib/demo-apps";
import { ROOT } from "./lib/local-server";
import { ensureDebianPackage } from "./lib/system-packages";
import { DEMO_ACCOUNTS } from "./seed";

type Role = "anonymous" | "attendee" | "speaker" | "moderator";
const ROLES: Role[] = ["anonymous", "attendee", "speaker", "moderator"];
const LOCALES = ["fr", "en"] as const;
const VIEWPORTS = { "375": PHONE, "1440": DESKTOP } as const;

interface Shot {
  name: string;
  path: string;
  roles: Role[];
  /** What to do once the page is drawn (open a dialog), before the picture. */
  prepare?: (page: Page) => Promise<void>;
}

const LOGGED_IN: Role[] = ["attendee", "speaker", "moderator"];

async function openAccountMenuEntry(page: Page, entry: string) {
  if ((page.viewportSize()?.width ?? 0) <= 991) await page.getByRole("button", { name: /menu/i }).first().click();
  await page.getByTestId(entry).click();
}

function shots(talk: number): Shot[] {
  const base = `/demo/${talk}`;
  return [
    { name: "schedule", path: "/demo", roles: ROLES },
    { name: "synopsis", path: "/demo/synopsis", roles: ROLES },
    { name: "tutorial", path: "/demo/tutorial", roles: ["anonymous"] },
    { name: "talk", path: base, roles: ROLES },
    { name: "forum", path: `${base}/forum`, roles: ROLES },
    { name: "quiz-player", path: `${base}/quiz`, roles: ["anonymous", "attendee"] },
    { name: "quiz-join", path: "/demo/quiz-live", roles: ["anonymous"] },
    { name: "quiz-editor", path: `${base}/quiz-moderator`, roles: ["speaker", "moderator"] },
    { name: "quiz-host-lobby", path: `${base}/quiz-user-list`, roles: ["moderator"] },
    { name: "quiz-host-question", path: `${base}/quiz-questions`, roles: ["moderator"] },
    { name: "quiz-big-screen-lobby", path: `${base}/screen-user-list`, roles: ["moderator"] },
    { name: "quiz-big-screen", path: `${base}/screen-questions`, roles: ["moderator"] },
    { name: "my-presentations", path: "/demo/my-presentations", roles: ["speaker"] },
    { name: "my-presentation", path: `/demo/my-presentations/${talk}`, roles: ["speaker"] },
    { name: "versions", path: `/demo/my-presentations/${talk}/videos`, roles: ["speaker"] },
    { name: "device-test", path: `/demo/test/${talk}`, roles: ["speaker"] },
    { name: "my-schedule", path: "/demo/my-schedule", roles: ["attendee"] },
    { name: "speakers", path: "/demo/speakers", roles: ["anonymous"] },
    { name: "talk-not-found", path: "/demo/999999", roles: ["anonymous"] },
    {
      name: "login",
      path: "/demo?login=true",
      roles: ["anonymous"],
      prepare: (page) => page.getByTestId("login-overlay").waitFor(),
    },
    {
      name: "profile",
      path: "/demo",
      roles: LOGGED_IN,
      prepare: async (page) => {
        await openAccountMenuEntry(page, "menu-profile");
        await page.getByTestId("profile-modal").waitFor();
      },
    },
    { name: "event-password", path: "/demo-private", roles: ["anonymous"] },
    { name: "invalid-link", path: "/no-such-event-here", roles: ["anonymous"] },
  ];
}

/** The demo talk that carries the quiz (and so every quiz page). */
async function quizTalkId(baseUrl: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/public/schedule/demo`);
  const { data } = (await response.json()) as { data: { presentations: { _id: number; name: string }[] } };
  const talk = data.presentations.find((presentation) => presentation.name === DEMO_QUIZ.presentationName);
  if (!talk) throw new Error("The demo quiz's talk is not in the demo schedule");
  return talk._id;
}

/**
 * Drawn: the Worker's first screen handed over, no loading outline, the page's requests answered
 * (a live room's socket does not count), fonts and pictures settled.
 */
async function settle(page: Page) {
  await page.waitForLoadState("networkidle", { timeout: 10_000 }).catch(() => undefined);
  await page
    .waitForFunction(
      () => !document.getElementById("first-screen") && !document.querySelector('[data-testid="loading"]'),
      {
        timeout: 15_000,
      },
    )
    .catch(() => undefined);
  await page.waitForTimeout(1_000);
}

async function takeAll(browser: Browser, baseUrl: string, folder: string, only: Set<string> | null) {
  const talk = await quizTalkId(baseUrl);
  const sessions: Partial<Record<Role, DemoSession>> = {};
  for (const account of DEMO_ACCOUNTS) sessions[account.role] = await logIn(baseUrl, account.email);
  let count = 0;
  for (const role of ROLES) {
    for (const locale of LOCALES) {
      for (const [width, viewport] of Object.entries(VIEWPORTS)) {
        const context = await browser.newContext({ viewport, locale: locale === "fr" ? "fr-FR" : "en-GB" });
        await context.addInitScript((code) => localStorage.setItem("locale", code), locale);
        const session = role === "anonymous" ? undefined : sessions[role];
        if (session) await storeSession(context, session);
        for (const shot of shots(talk)) {
          if (!shot.roles.includes(role) || (only && !only.has(shot.name))) continue;
          const page = await context.newPage();
          const file = join(folder, `${shot.name}-${role}-${locale}-${width}.png`);
          try {
            await page.goto(`${baseUrl}${shot.path}`);
            await settle(page);
            await shot.prepare?.(page);
            if (shot.prepare) await page.waitForTimeout(400);
            await page.screenshot({ path: file });
            count++;
          } catch (error) {
            console.error(`${file}: ${error instanceof Error ? error.message.split("\n")[0] : error}`);
          } finally {
            await page.close();
          }
        }
        await context.close();
      }
    }
  }
  return count;
}

async function main() {
  const args = process.argv.slice(2);
  const onlyArg = args.find((arg) => arg.startsWith("--only="));
  const only = onlyArg ? new Set(onlyArg.slice("--only=".length).split(",")) : null;
  ensureDebianPackage(TEST_CHROMIUM.path, TEST_CHROMIUM.packageName);
  if (!args.includes("--skip-build")) buildSpa();
  const stamp = new Date().toISOString().replace(/[:.]/g, "-").slice(0, 19);
  const folder = join(ROOT, "test-results", `screenshots-${stamp}`);
  mkdirSync(folder, { recursive: true });
  const apps = await startDemoApps(1);
  const browser = await launchBrowser();
  try {
    const count = await takeAll(browser, apps.urls[0] as string, folder, only);
    console.log(`${count} screenshots in`);
    console.log(folder);
  } finally {
    await browser.close();
    await apps.stop();
  }
}

await main();
