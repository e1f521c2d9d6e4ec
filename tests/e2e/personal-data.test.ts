import { randomInt } from "node:crypto";
import { readFile } from "node:fs/promises";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot } from "./browser";
import { laneBaseUrl } from "./lanes";
import { logIn as demoLogIn, storeSession } from "./schedule-helpers";

const baseUrl = laneBaseUrl();
const PASSWORD = "first-pass";
let browser: Browser;
let talk: number;

/** The texts the tests read, as locales/ writes them. */
const TEXT = {
  fr: {
    deletedUser: "Utilisateur supprimé",
    wrongPassword: "Le mot de passe actuel est incorrect.",
    invalidCredentials: "Adresse e-mail ou mot de passe invalide",
  },
  en: {
    deletedUser: "Deleted user",
    wrongPassword: "The current password is incorrect.",
    invalidCredentials: "Invalid Username or Password",
  },
} as const;

async function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return { status: response.status, body: (await response.json().catch(() => null)) as any };
}

/** Signs up through the API and validates the address with the mailed code, as the mail's link does. */
async function signUpValidated(email: string, name: string) {
  const signup = await api("/api/event-engagement/demo/user-signup", {
    method: "POST",
    body: { name, email, password: PASSWORD },
  });
  expect(signup.status).toBe(201);
  for (let attempt = 0; attempt < 20; attempt++) {
    const mailbox = await api(`/api/dev/mailbox?to=${encodeURIComponent(email)}`);
    const mails = (mailbox.body?.data ?? []) as { kind: string; text: string }[];
    const code = mails.find((mail) => mail.kind === "validate")?.text.match(/[?&]resetcode=([0-9a-f]+)/)?.[1];
    if (code) {
      const validated = await api("/api/event-engagement/demo/user-reset-validate", {
        method: "POST",
        body: { token: code },
      });
      expect(validated.status).toBe(200);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no validation mail for ${email}`);
}

const postWith = (page: Page, text: string) => page.getByTestId("forum-post").filter({ hasText: text });

async function logInThroughOverlay(page: Page, email: string, password: string) {
  await page.getByTestId("login-email").fill(email);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
}

async function openProfile(page: Page) {
  if ((page.viewportSize()?.width ?? 0) <= 991) await page.getByRole("button", { name: /menu/i }).first().click();
  await page.getByTestId("menu-profile").click();
  await page.getByTestId("profile-modal").waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  const schedule = (await (await fetch(`${baseUrl}/api/public/schedule/demo`)).json()) as {
    data: { presentations: { _id: number }[] };
  };
  const chosen = schedule.data.presentations[5];
  if (!chosen) throw new Error("the demo schedule has too few presentations");
  talk = chosen._id;
});

afterAll(async () => {
  await browser.close();
});

for (const [locale, viewport] of [
  ["fr", DESKTOP],
  ["en", PHONE],
] as const) {
  describe(`personal data in ${locale === "fr" ? "French" : "English"}`, () => {
    const text = TEXT[locale];
    const email = `gdpr-${locale}-${Date.now()}@example.test`;
    const name = locale === "fr" ? "Camille Martin" : "Riley Jones";
    const postText = `Mon message ${locale} ${Date.now()}`;

    it("downloads the data with the user's post, deletes the account, which signs out and leaves the post to a deleted user; the address signs up again", async () => {
      await signUpValidated(email, name);
      const login = await api("/api/event-engagement/demo/user-login", {
        method: "POST",
        body: { email, password: PASSWORD },
      });
      const posted = await api(`/api/forum/${talk}/posts`, {
        method: "POST",
        token: login.body.data.token,
        body: { post: postText },
      });
      expect(posted.status).toBe(201);

      // A moderator follows the forum live, in another browser.
      const moderatorContext = await browser.newContext({ viewport: DESKTOP, locale: "fr-FR" });
      await storeSession(moderatorContext, await demoLogIn(baseUrl, "moderator@demo.test"));
      const moderator = await moderatorContext.newPage();
      await moderator.goto(`${baseUrl}/demo/${talk}/forum`);
      await moderator.locator('[data-testid="forum-live"][data-live]').waitFor();
      expect(await postWith(moderator, postText).getByTestId("forum-author").first().textContent()).toBe(name);

      const { context, page } = await openPage(browser, viewport);
      await context.setExtraHTTPHeaders({ "cf-connecting-ip": `198.51.100.${randomInt(1, 255)}` });
      await page.goto(`${baseUrl}/demo`);
      await page.getByTestId("presentation-card").first().waitFor();
      if (locale === "en") await page.getByTestId("locale-en").first().click();
      await page.goto(`${baseUrl}/demo?login=true`);
      await logInThroughOverlay(page, email, PASSWORD);
      await page.getByTestId("login-overlay").waitFor({ state: "detached" });

      await openProfile(page);
      await page.getByTestId("profile-tab-data").click();
      await page.getByTestId("profile-data-export").waitFor();
      await screenshot(page, `personal-data-${locale}-${viewport === PHONE ? "phone" : "desktop"}`);
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByTestId("profile-data-export").click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^personal-data-\d+\.json$/);
      const exported = JSON.parse(await readFile((await download.path()) as string, "utf8"));
      expect(exported.data.profile.email).toBe(email);
      expect(exported.data.forum.posts.map((post: { post: string }) => post.post)).toContain(postText);

      await page.getByTestId("profile-data-delete").click();
      await page.getByTestId("delete-account").waitFor();
      await screenshot(page, `delete-account-${locale}-${viewport === PHONE ? "phone" : "desktop"}`);
      // The dialog fits the screen at both widths.
      const box = await page.getByTestId("delete-account").boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= (viewport.width ?? 0)).toBe(true);
      await page.getByTestId("delete-account-password").fill("not-my-password");
      await page.getByTestId("delete-account-yes").click();
      expect(await page.getByTestId("delete-account-error").textContent()).toContain(text.wrongPassword);
      await page.getByTestId("delete-account-password").fill(PASSWORD);
      await page.getByTestId("delete-account-yes").click();

      // Signed out: the login overlay, and no stored session.
      await page.getByTestId("login-overlay").waitFor();
      expect(await page.evaluate(() => localStorage.getItem("session:demo"))).toBeNull();

      // The post stays, by a deleted user: live for the moderator, and for anyone who opens the forum.
      await postWith(moderator, postText).getByTestId("forum-author").getByText("Utilisateur supprimé").waitFor();
      await moderatorContext.close();
      await page.goto(`${baseUrl}/demo/${talk}/forum`);
      await postWith(page, postText).getByTestId("forum-author").getByText(text.deletedUser).waitFor();

      // Logging in again fails.
      await page.goto(`${baseUrl}/demo?login=true`);
      await logInThroughOverlay(page, email, PASSWORD);
      expect(await page.getByTestId("login-notice").textContent()).toContain(text.invalidCredentials);
      await context.close();

      // The address is free: it signs up again as a new account.
      await signUpValidated(email, name);
      const again = await api("/api/event-engagement/demo/user-login", {
        method: "POST",
        body: { email, password: PASSWORD },
      });
      expect(again.status).toBe(200);
      expect(again.body.data.id).not.toBe(login.body.data.id);
    });
  });
}
