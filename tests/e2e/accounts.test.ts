import { randomInt } from "node:crypto";
import { crc32, deflateSync } from "node:zlib";
import { formatDayMonthYearRange } from "@core/schedule/format-dates";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, launchBrowser, openPage, PHONE, screenshot, TAKE_SCREENSHOTS } from "./browser";
import { laneBaseUrl } from "./lanes";

const baseUrl = laneBaseUrl();
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** The texts the tests read, as web/src/locales writes them. */
const TEXT = {
  fr: {
    signedUp: "Presque fini",
    validated: "Compte validé",
    required: "Obligatoire",
    atLeast6: "6 caractères minimum",
    dontMatch: "Les mots de passe ne correspondent pas",
    loginErrorTitle: "Erreur !",
    invalidCredentials: "Adresse e-mail ou mot de passe invalide",
    photoUpdated: "Photo mise à jour",
    passwordUpdated: "Mot de passe mis à jour",
    wrongCurrentPassword: "Le mot de passe actuel est incorrect.",
    mailSent: "E-mail envoyé",
    passwordChanged: "Mot de passe modifié avec succès",
    validateSubject: "Validez votre compte",
    resetSubject: "Réinitialisation du mot de passe",
  },
  en: {
    signedUp: "Almost done",
    validated: "Validated",
    required: "Required",
    atLeast6: "Minimum 6 characters",
    dontMatch: "Passwords don't match",
    loginErrorTitle: "Error!",
    invalidCredentials: "Invalid Username or Password",
    photoUpdated: "Photo updated",
    passwordUpdated: "Password updated",
    wrongCurrentPassword: "The current password is incorrect.",
    mailSent: "E-mail sent",
    passwordChanged: "Password changed successfully",
    validateSubject: "Validate your account",
    resetSubject: "Reset your password",
  },
} as const;

type Locale = keyof typeof TEXT;

/**
 * A browser context as one visitor: its own client address, so the per-address rate limit of
 * logins counts this visitor only, as behind Cloudflare.
 */
async function visitor(viewport: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await openPage(browser, viewport);
  await opened.context.setExtraHTTPHeaders({ "cf-connecting-ip": `198.51.100.${randomInt(1, 255)}` });
  return opened;
}

/** Screenshots of what is on screen at phone and desktop width, then back to `viewport`. */
async function screenshotBoth(page: Page, name: string, viewport: { width: number; height: number }) {
  if (!TAKE_SCREENSHOTS) return;
  for (const [label, size] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    await page.setViewportSize(size);
    // Dialogs animate in for 0.2 s.
    await screenshot(page, `${name}-${label}`, 300);
  }
  await page.setViewportSize(viewport);
}

/** The newest mail of `kind` sent to `to`, from the development mailbox. */
async function latestMail(to: string, kind: "validate" | "reset"): Promise<{ subject: string; text: string }> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const response = await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
    const { data } = (await response.json()) as { data: { subject: string; text: string; kind: string }[] };
    const mail = data.find((candidate) => candidate.kind === kind);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no ${kind} mail for ${to}`);
}

function linkIn(text: string, parameter: "resetcode" | "resettoken"): string {
  const link = text.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in ${text}`);
  expect(new URL(link).searchParams.get(parameter)).toBeTruthy();
  return link;
}

/** A small PNG (a 320x200 gradient), built byte by byte: a landscape picture the browser must crop. */
function gradientPng(width = 320, height = 200): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const checksum = Buffer.alloc(4);
    checksum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, checksum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x++) rows.set([(x * 255) / width, (y * 255) / height, 160], row + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(rows)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

async function storedSession(page: Page, slug: string): Promise<{ token: string; user: { picture: string } } | null> {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? "null"), `session:${slug}`);
}

async function logIn(page: Page, email: string, password: string) {
  await page.getByTestId("login-email").fill(email);
  await page.getByTestId("login-password").fill(password);
  await page.getByTestId("login-submit").click();
}

/** The ids of the menu's entries, in order (the drawer's menu on a phone). */
async function menuEntries(page: Page): Promise<string[]> {
  const ids = await page
    .locator("nav [data-testid^=menu-]")
    .evaluateAll((entries) =>
      entries.filter((entry) => entry.checkVisibility()).map((entry) => entry.getAttribute("data-testid")),
    );
  return ids.map((id) => String(id).replace("menu-", ""));
}

/** Opens the login overlay from the menu, in the drawer on a phone. */
async function openLoginFromMenu(page: Page) {
  if ((page.viewportSize()?.width ?? 0) <= 991) {
    await page.getByRole("button", { name: /menu/i }).first().click();
    await page.waitForTimeout(300);
  }
  expect(await menuEntries(page)).toEqual(["schedule", "speakers", "tutorial", "login"]);
  await page.getByTestId("menu-login").click();
  await page.getByTestId("login-overlay").waitFor();
}

async function openMenuEntry(page: Page, id: "menu-profile" | "menu-logout") {
  if ((page.viewportSize()?.width ?? 0) <= 991) await page.getByRole("button", { name: /menu/i }).first().click();
  await page.getByTestId(id).click();
}

/** The start date as the overlay must write it (`dd LLLL yyyy`), from the event's own data. */
/** The event's days as the password prompt writes them (dd LLLL yyyy, a range for several days). */
async function expectedEventDays(slug: string, locale: Locale): Promise<string> {
  const response = await fetch(`${baseUrl}/api/public/schedule-basic/${slug}`);
  const { data } = (await response.json()) as { data: { event: { start: string; end: string } } };
  return formatDayMonthYearRange(data.event.start, data.event.end, locale);
}

for (const [locale, viewport] of [
  ["fr", DESKTOP],
  ["en", PHONE],
] as const) {
  describe(`accounts in ${locale === "fr" ? "French" : "English"}`, () => {
    const text = TEXT[locale];
    const email = `e2e-${locale}-${Date.now()}@example.test`;
    const name = locale === "fr" ? "Dominique Lefèvre" : "Jordan Smith";
    const renamed = `${name} (${locale})`;
    let currentPassword = "first-pass";

    it("signs up, validates from the mail, logs in, changes name, photo and password, logs out and in again", async () => {
      const { context, page } = await visitor(viewport);
      await page.goto(`${baseUrl}/demo`);
      await page.getByTestId("presentation-card").first().waitFor();
      if (locale === "en") await page.getByTestId("locale-en").first().click();

      await openLoginFromMenu(page);
      expect(await page.getByTestId("login-event-name").textContent()).toBe("Salon de l'Innovation 2026");
      // Spaces compared as spaces: the browser's ICU and Node's may pick different ones around the dash.
      const spaced = (text: string | null) => text?.replace(/\s+/g, " ");
      expect(spaced(await page.getByTestId("login-event-date").textContent())).toBe(
        spaced(await expectedEventDays("demo", locale)),
      );
      // The demo lets anonymous visitors in and people sign up.
      await page.getByTestId("login-close").waitFor();
      await page.getByTestId("login-continue-anonymous").waitFor();
      await screenshotBoth(page, `login-${locale}`, viewport);

      await page.getByTestId("login-create-account").click();
      await page.getByTestId("signup-submit").click();
      expect(await page.getByTestId("signup-name-error").textContent()).toBe(text.required);
      await page.getByTestId("signup-name").fill(name);
      await page.getByTestId("signup-email").fill(email);
      await page.getByTestId("signup-password").fill("short");
      await page.getByTestId("signup-submit").click();
      expect(await page.getByTestId("signup-password-error").textContent()).toBe(text.atLeast6);
      await page.getByTestId("signup-password").fill(currentPassword);
      await page.getByTestId("signup-password-toggle").click();
      expect(await page.getByTestId("signup-password").getAttribute("type")).toBe("text");
      await screenshotBoth(page, `signup-${locale}`, viewport);
      await page.getByTestId("signup-submit").click();
      await page.getByTestId("login-view-login").waitFor();
      expect(await page.getByTestId("login-notice").textContent()).toContain(text.signedUp);

      // Not validated yet: the login is refused with the server's reason.
      await logIn(page, email, currentPassword);
      await page.getByTestId("login-notice").getByText(text.loginErrorTitle).waitFor();

      const validation = await latestMail(email, "validate");
      expect(validation.subject).toContain(text.validateSubject);
      await page.goto(linkIn(validation.text, "resetcode"));
      await page.getByTestId("login-view-validateuser").waitFor();
      await screenshotBoth(page, `validate-${locale}`, viewport);
      await page.getByTestId("validate-submit").click();
      await page.getByTestId("login-view-login").waitFor();
      expect(await page.getByTestId("login-notice").textContent()).toContain(text.validated);
      expect(new URL(page.url()).searchParams.get("resetcode")).toBeNull();
      expect(new URL(page.url()).searchParams.get("login")).toBe("true");

      await logIn(page, email, currentPassword);
      await page.getByTestId("login-overlay").waitFor({ state: "detached" });
      expect(new URL(page.url()).searchParams.get("login")).toBeNull();
      expect((await storedSession(page, "demo"))?.token).toBeTruthy();
      if (viewport === PHONE) {
        await page.getByRole("button", { name: /menu/i }).first().click();
        await page.waitForTimeout(300);
      }
      expect(await page.getByTestId("sidebar-user-name").textContent()).toBe(name);
      expect(await menuEntries(page)).toEqual([
        "schedule",
        "synopsis",
        "speakers",
        "my-schedule",
        "tutorial",
        "profile",
        "logout",
      ]);
      await screenshot(page, `logged-in-${locale}`);
      if (viewport === PHONE) await page.keyboard.press("Escape");

      await openMenuEntry(page, "menu-profile");
      await page.getByTestId("profile-modal").waitFor();
      expect(await page.getByTestId("profile-email").inputValue()).toBe(email);
      expect(await page.getByTestId("profile-email").isDisabled()).toBe(true);
      await page.getByTestId("profile-name").fill(renamed);
      await page.getByTestId("profile-picture-input").setInputFiles({
        name: "me.png",
        mimeType: "image/png",
        buffer: gradientPng(),
      });
      await page.locator("[data-testid=profile-picture-preview][data-chosen=true]").waitFor();
      await screenshotBoth(page, `profile-photo-${locale}`, viewport);
      await page.getByTestId("profile-save").click();
      await page.getByTestId("profile-notice").getByText(text.photoUpdated).waitFor();
      const picture = (await storedSession(page, "demo"))?.user.picture ?? "";
      expect(picture).toMatch(/^\/api\/files\/pictures\/users\/\d+\//);
      // Cut to a square and resized in the browser before the upload.
      const size = await page.evaluate(async (url) => {
        const image = await createImageBitmap(await (await fetch(url)).blob());
        return [image.width, image.height];
      }, picture);
      expect(size).toEqual([256, 256]);

      await page.getByTestId("profile-tab-password").click();
      await page.getByTestId("profile-new-password").fill("abc");
      await page.getByTestId("profile-password-submit").click();
      expect(await page.getByTestId("profile-current-password-error").textContent()).toBe(text.required);
      expect(await page.getByTestId("profile-new-password-error").textContent()).toBe(text.atLeast6);
      expect(await page.getByTestId("profile-confirm-password-error").textContent()).toBe(text.required);
      // A wrong current password is refused by the server, with its reason.
      await page.getByTestId("profile-current-password").fill("not-my-password");
      await page.getByTestId("profile-new-password").fill("second-pass");
      await page.getByTestId("profile-confirm-password").fill("second-pass");
      await page.getByTestId("profile-password-submit").click();
      await page.getByTestId("profile-password-notice").getByText(text.wrongCurrentPassword).waitFor();
      await page.getByTestId("profile-current-password").fill(currentPassword);
      await page.getByTestId("profile-new-password").fill("second-pass");
      await page.getByTestId("profile-confirm-password").fill("second-pasS");
      await page.getByTestId("profile-password-submit").click();
      expect(await page.getByTestId("profile-confirm-password-error").textContent()).toBe(text.dontMatch);
      await screenshotBoth(page, `profile-password-${locale}`, viewport);
      const tokenBefore = (await storedSession(page, "demo"))?.token;
      await page.getByTestId("profile-confirm-password").fill("second-pass");
      await page.getByTestId("profile-password-submit").click();
      await page.getByTestId("profile-password-notice").getByText(text.passwordUpdated).waitFor();
      currentPassword = "second-pass";
      const tokenAfter = (await storedSession(page, "demo"))?.token;
      expect(tokenAfter).not.toBe(tokenBefore);
      const me = await fetch(`${baseUrl}/api/me?event=demo`, { headers: { authorization: `Bearer ${tokenAfter}` } });
      expect(me.status).toBe(200);

      await page.getByTestId("profile-close").click();
      await page.getByTestId("profile-modal").waitFor({ state: "detached" });
      if (viewport === DESKTOP) expect(await page.getByTestId("sidebar-user-name").textContent()).toBe(renamed);

      await openMenuEntry(page, "menu-logout");
      // Shown again, and closable: the demo lets anonymous visitors in.
      await page.getByTestId("login-overlay").waitFor();
      await page.getByTestId("login-close").waitFor();
      expect(await storedSession(page, "demo")).toBeNull();
      // The page forgets the session at once and tells the server meanwhile: wait for the server.
      const revoked = () => fetch(`${baseUrl}/api/me`, { headers: { authorization: `Bearer ${tokenAfter}` } });
      await expect.poll(async () => (await revoked()).status, { timeout: 10_000 }).toBe(401);

      await logIn(page, email, "first-pass");
      await page.getByTestId("login-notice").getByText(text.invalidCredentials).waitFor();
      expect(await page.getByTestId("login-notice").textContent()).toContain(text.loginErrorTitle);
      await logIn(page, email, currentPassword);
      await page.getByTestId("login-overlay").waitFor({ state: "detached" });
      if (viewport === DESKTOP) expect(await page.getByTestId("sidebar-user-name").textContent()).toBe(renamed);
      await context.close();
    }, 120_000);

    it("resets a forgotten password from the mailed link, then logs in with it", async () => {
      const { context, page } = await visitor(viewport);
      await page.goto(`${baseUrl}/demo?login=true`);
      if (locale === "en") await page.getByTestId("login-overlay").getByTestId("locale-en").click();
      await page.getByTestId("login-forgot").click();
      await page.getByTestId("forgot-submit").click();
      expect(await page.getByTestId("forgot-email-error").textContent()).toBe(text.required);
      await screenshotBoth(page, `forgot-${locale}`, viewport);
      // An unknown address gets the same answer as a known one: nothing tells them apart.
      const nobody = `nobody-${Date.now()}@example.test`;
      await page.getByTestId("forgot-email").fill(nobody);
      await page.getByTestId("forgot-submit").click();
      await page.getByTestId("login-view-login").waitFor();
      expect(await page.getByTestId("login-notice").textContent()).toContain(text.mailSent);
      const unknownMailbox = await fetch(`${baseUrl}/api/dev/mailbox?to=${encodeURIComponent(nobody)}`);
      expect(((await unknownMailbox.json()) as { data: unknown[] }).data).toEqual([]);
      await page.getByTestId("login-forgot").click();
      await page.getByTestId("forgot-email").fill(email);
      await page.getByTestId("forgot-submit").click();
      await page.getByTestId("login-view-login").waitFor();
      expect(await page.getByTestId("login-notice").textContent()).toContain(text.mailSent);

      const reset = await latestMail(email, "reset");
      expect(reset.subject).toContain(text.resetSubject);
      const resetCalls: string[] = [];
      page.on("request", (request) => {
        if (request.url().includes("user-reset-password")) resetCalls.push(request.url());
      });
      await page.goto(linkIn(reset.text, "resettoken"));
      await page.getByTestId("login-view-resetpassword").waitFor();
      await page.getByTestId("reset-password").fill("abc");
      await page.getByTestId("reset-confirm").fill("abc");
      await page.getByTestId("reset-submit").click();
      expect(await page.getByTestId("reset-password-error").textContent()).toBe(text.atLeast6);
      await page.getByTestId("reset-password").fill("third-pass");
      await page.getByTestId("reset-confirm").fill("third-pasx");
      await page.getByTestId("reset-submit").click();
      expect(await page.getByTestId("reset-confirm-error").textContent()).toBe(text.dontMatch);
      await page.getByTestId("reset-password-toggle").click();
      await screenshotBoth(page, `reset-${locale}`, viewport);
      // Refused here: nothing was sent.
      expect(resetCalls).toEqual([]);
      await page.getByTestId("reset-confirm").fill("third-pass");
      await page.getByTestId("reset-submit").click();
      await page.getByTestId("login-view-login").waitFor();
      expect(await page.getByTestId("login-notice").textContent()).toContain(text.passwordChanged);
      expect(resetCalls).toHaveLength(1);
      expect(new URL(page.url()).searchParams.get("resettoken")).toBeNull();

      await logIn(page, email, "third-pass");
      await page.getByTestId("login-overlay").waitFor({ state: "detached" });
      expect((await storedSession(page, "demo"))?.token).toBeTruthy();
      await context.close();
    }, 90_000);
  });
}

describe("an event closed to anonymous visitors", () => {
  it("asks for the event password, then forces the login overlay, which has no way out but logging in", async () => {
    const { context, page } = await visitor(PHONE);
    await page.goto(`${baseUrl}/demo-private`);
    await page.getByTestId("password-input").fill("salon2026");
    await page.getByTestId("password-submit").click();
    await page.getByTestId("login-overlay").waitFor();
    expect(await page.getByTestId("login-close").count()).toBe(0);
    expect(await page.getByTestId("login-continue-anonymous").count()).toBe(0);
    await page.keyboard.press("Escape");
    await page.keyboard.press("Escape");
    expect(await page.getByTestId("login-overlay").isVisible()).toBe(true);
    await screenshotBoth(page, "login-forced-fr", PHONE);

    // A protected action saved where to come back to; the event password is remembered.
    await page.evaluate(() => localStorage.setItem("redirect-path", "/demo-private?viewmode=virtual"));
    await page.reload();
    await page.getByTestId("login-overlay").waitFor();
    await logIn(page, "attendee@demo.test", "demo-pass");
    await page.getByTestId("login-overlay").waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/demo-private");
    expect(new URL(page.url()).searchParams.get("viewmode")).toBe("virtual");
    expect(await page.evaluate(() => localStorage.getItem("redirect-path"))).toBeNull();

    await page.reload();
    await page.getByTestId("presentation-card").first().waitFor();
    expect(await page.getByTestId("login-overlay").count()).toBe(0);

    await openMenuEntry(page, "menu-logout");
    await page.getByTestId("login-overlay").waitFor();
    expect(await page.getByTestId("login-close").count()).toBe(0);
    await context.close();
  });
});

describe("the login overlay of an event open to anonymous visitors", () => {
  it("closes with Escape and with its close button, and forgets the page a protected action saved", async () => {
    const { context, page } = await visitor(DESKTOP);
    await page.goto(`${baseUrl}/demo?login=true&viewmode=virtual`);
    await page.getByTestId("login-overlay").waitFor();
    await page.keyboard.press("Escape");
    await page.getByTestId("login-overlay").waitFor({ state: "detached" });
    expect(new URL(page.url()).search).toBe("?viewmode=virtual");

    await page.evaluate(() => localStorage.setItem("redirect-path", "/demo?viewmode=virtual"));
    await page.goto(`${baseUrl}/demo?login=true`);
    await page.getByTestId("login-close").click();
    await page.getByTestId("login-overlay").waitFor({ state: "detached" });
    expect(await page.evaluate(() => localStorage.getItem("redirect-path"))).toBeNull();
    await context.close();
  });

  it("offers a new link when the validation link is spent or expired, through the forgotten-password mail", async () => {
    const { context, page } = await visitor(PHONE);
    await page.goto(`${baseUrl}/demo?resetcode=${"0".repeat(64)}`);
    await page.getByTestId("validate-submit").click();
    await page.getByTestId("validate-new-link").click();
    await page.getByTestId("login-view-forgotpassword").waitFor();
    expect(await page.getByTestId("login-notice").textContent()).toContain("valide votre compte");
    await context.close();
  });

  it("keeps a speaker's session from the speaker login", async () => {
    const { context, page } = await visitor(DESKTOP);
    const speakerLogins: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/api/speaker/login")) speakerLogins.push(request.postData() ?? "");
    });
    await page.goto(`${baseUrl}/demo?login=true`);
    await logIn(page, "speaker@demo.test", "demo-pass");
    await page.getByTestId("login-overlay").waitFor({ state: "detached" });
    expect(speakerLogins).toHaveLength(1);
    expect(JSON.parse(speakerLogins[0] ?? "{}")).toMatchObject({ email: "speaker@demo.test", event_slug: "demo" });
    const session = await page.evaluate(() => JSON.parse(localStorage.getItem("session:demo") ?? "null"));
    expect(session.user.is_speaker).toBe(true);
    const me = await fetch(`${baseUrl}/api/me?event=demo`, { headers: { authorization: `Bearer ${session.token}` } });
    expect(me.status).toBe(200);
    await context.close();
  });
});

describe("a stored session", () => {
  it("is dropped when the server refuses its token", async () => {
    const { context, page } = await visitor(DESKTOP);
    await page.goto(`${baseUrl}/demo`);
    await page.evaluate(() =>
      localStorage.setItem(
        "session:demo",
        JSON.stringify({
          token: "forged.token.value",
          user: {
            id: 1,
            name: "Nobody",
            email: "nobody@example.test",
            picture: null,
            photo: null,
            locale: "fr",
            is_speaker: false,
            is_moderator: false,
            speaker_id: null,
            external_id: null,
          },
        }),
      ),
    );
    await page.reload();
    await page.getByTestId("menu-login").waitFor();
    expect(await page.getByTestId("sidebar-user").count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem("session:demo"))).toBeNull();
    await context.close();
  });
});
