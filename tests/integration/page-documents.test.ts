import { SELF } from "cloudflare:test";
import type { PublicSchedule } from "@core/schedule/public-schedule";
import { beforeAll, describe, expect, it } from "vitest";
import { scheduleFirstScreen } from "../../worker/pages/first-screen/schedule-first-screen";
import { speakersFirstScreen } from "../../worker/pages/first-screen/speakers-first-screen";
import { synopsisFirstScreen } from "../../worker/pages/first-screen/synopsis-first-screen";
import { firstScreenTexts } from "../../worker/pages/first-screen/texts";
import frab from "../fixtures/frab-small.schedule.json";
import { importOk } from "./admin-client";

const HOSTILE_NAME = `Salon <script>alert("x")</script> & co`;

function withTitle(title: string, engagement: object) {
  return { ...frab, schedule: { ...frab.schedule, conference: { ...frab.schedule.conference, title } }, engagement };
}

async function page(path: string, method = "GET") {
  const response = await SELF.fetch(`http://localhost${path}`, { method });
  return { status: response.status, type: response.headers.get("content-type"), html: await response.text() };
}

const isJoinPage = (html: string) => html.includes("data-join-stage");
const isAppShell = (html: string) => html.includes('id="root"');

beforeAll(async () => {
  await importOk("join-open", {
    ...withTitle(HOSTILE_NAME, { quiz: true, logo: "/demo/logo.svg", scheduleBackgroundColor: "#0b3954" }),
  });
  await importOk("join-no-logo", withTitle("Open Source Summit", { quiz: true }));
  await importOk("join-locked", withTitle("Locked", { quiz: true, password: "salon2026" }));
  await importOk("join-members", withTitle("Members", { quiz: true, allowAnonymousAccess: false }));
  await importOk("join-quiz-off", withTitle("No quiz", { quiz: false }));
});

describe("the quiz join page the Worker writes (/{slug}/quiz-live)", () => {
  it("carries the event's branding, both languages' texts and the join code, escaped", async () => {
    const { status, type, html } = await page("/join-open/quiz-live?code=123456");
    expect(status).toBe(200);
    expect(type).toContain("text/html");
    expect(isJoinPage(html)).toBe(true);
    expect(html).not.toContain("<script>alert");
    expect(html).toContain(`Salon &lt;script&gt;alert("x")&lt;/script&gt; &amp; co`);
    expect(html).toContain('data-slug="join-open"');
    expect(html).toContain('data-bg="#0b3954"');
    expect(html).toContain('src="/demo/logo.svg"');
    expect(html).toMatch(/data-testid="quiz-login-code"[^>]*value="123456"/);
    expect(html).toContain(">Rejoindre le quiz<");
    const texts = JSON.parse(
      /<script type="application\/json" id="join-texts">(.*?)<\/script>/s.exec(html)?.[1] ?? "{}",
    );
    expect(texts.en["login.invalid-code"]).toBe("Invalid Invite Code");
    expect(texts.fr["nickname-taken"]).toBe("Ce pseudo est déjà pris dans ce quiz.");
    // What the page fetches ahead while the nickname is typed: the app's own entry files.
    expect(html).toMatch(/data-app-files="\/assets\/\S+\.js/);
  });

  it("answers HEAD like GET, and prefills nothing but a six-digit code", async () => {
    expect(isJoinPage((await page("/join-open/quiz-live", "HEAD")).html)).toBe(false); // HEAD has no body
    expect((await page("/join-open/quiz-live", "HEAD")).status).toBe(200);
    for (const code of ["12345", "1234567", "<b>123456</b>", "abcdef"]) {
      const { html } = await page(`/join-open/quiz-live?code=${encodeURIComponent(code)}`);
      expect(html, code).not.toMatch(/data-testid="quiz-login-code"[^>]*value=/);
    }
  });

  it("never serves its template bare: /join is the app's (unknown) page", async () => {
    for (const path of ["/join", "/join.html"]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(isJoinPage(html), path).toBe(false);
      expect(isAppShell(html), path).toBe(true);
    }
  });

  it("shows the monogram of an event without a logo", async () => {
    const { html } = await page("/join-no-logo/quiz-live");
    expect(html).not.toContain("data-join-logo");
    expect(html).toMatch(/data-join-monogram[^>]*>OS</);
  });

  it("leaves the app to answer an event behind a password or a login, without its quiz, or unknown", async () => {
    for (const slug of ["join-locked", "join-members", "join-quiz-off", "no-such-event"]) {
      const { status, html } = await page(`/${slug}/quiz-live`);
      expect(status, slug).toBe(200);
      expect(isAppShell(html), slug).toBe(true);
      expect(isJoinPage(html), slug).toBe(false);
      expect(html, slug).not.toContain("Locked");
    }
  });
});

describe("the programme's pages (/{slug}, synopsis, my schedule, a presentation, the speakers)", () => {
  const PRELOAD = /<link rel="preload" href="\/api\/public\/schedule\/([a-z0-9-]+)" as="fetch" crossorigin="anonymous"/;

  it("start the programme with the page for an event anyone may read", async () => {
    for (const path of [
      "/join-open",
      "/join-open/",
      "/join-open/synopsis",
      "/join-open/my-schedule",
      "/join-open/12",
      "/join-open/speakers",
      "/join-open/speakers/3",
    ]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(isAppShell(html), path).toBe(true);
      expect(PRELOAD.exec(html)?.[1], path).toBe("join-open");
      // The page's own code starts with the entry, not after it has run.
      expect(html, path).toMatch(/<link rel="modulepreload" href="\/assets\/[\w.-]+\.js" crossorigin/);
    }
  });

  it("start the default language's first texts with the page: those of every page, and the synopsis's own", async () => {
    const preloaded = (html: string, name: string) =>
      html.match(new RegExp(`<link rel="modulepreload" href="/assets/${name}-[\\w-]{8}\\.js" crossorigin`, "g"))
        ?.length ?? 0;
    const schedule = (await page("/join-open")).html;
    for (const namespace of ["common", "errors", "event-shell", "schedule"])
      expect(preloaded(schedule, namespace), namespace).toBe(1);
    // On the synopsis, its code and its texts.
    expect(preloaded((await page("/join-open/synopsis")).html, "synopsis")).toBe(2);
  });

  it("start the page's code for an event behind a password too, but not its programme", async () => {
    const { html } = await page("/join-locked/synopsis");
    expect(html).toMatch(/<link rel="modulepreload" href="\/assets\/synopsis-[\w-]+\.js" crossorigin/);
    expect(html).not.toMatch(PRELOAD);
  });

  it("leave the programme to the app behind a password or a login, and on other pages", async () => {
    for (const path of ["/join-locked", "/join-members/synopsis", "/no-such-event", "/join-open/12/forum", "/"]) {
      const { status, html } = await page(path);
      expect(status, path).toBe(200);
      expect(isAppShell(html), path).toBe(true);
      expect(html, path).not.toMatch(PRELOAD);
    }
  });
});

describe("the first screen of the schedule, the synopsis and the speakers (/{slug}, /{slug}/synopsis, /{slug}/speakers)", () => {
  const FIRST_SCREEN = 'data-testid="first-screen"';

  it("comes drawn in the page of an event anyone may read, its inline style allowed by hash only", async () => {
    const response = await SELF.fetch("http://localhost/join-open");
    const html = await response.text();
    expect(html).toContain(FIRST_SCREEN);
    expect(html).toContain('data-testid="first-screen-card"');
    expect(html).not.toContain("<script>alert");
    expect(html).toContain("Salon &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; co");
    // Before the app's root, which stays empty for the app.
    expect(html.indexOf(FIRST_SCREEN)).toBeLessThan(html.indexOf('<div id="root"></div>'));
    const css = /<style id="first-screen-style">(.*?)<\/style>/s.exec(html)?.[1] ?? "";
    expect(css).toContain("--event-bg:#0b3954");
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(css));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    expect(response.headers.get("content-security-policy")).toContain(`style-src 'self' 'sha256-${hash}';`);
    expect(response.headers.get("x-inline-style-hashes")).toBeNull();
    // Drawn by the app's own stylesheets, applied from the start.
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/[\w.-]+\.css" crossorigin/);
    expect(html).not.toMatch(/<link rel="preload" href="\/assets\/[\w.-]+\.css" as="style"/);
  });

  it("uses only classes the app's build has (a renamed class would leave it unstyled)", async () => {
    const built = (await (await SELF.fetch("http://localhost/first-screen-classes.json")).json()) as Record<
      string,
      Record<string, string>
    >;
    const missing = new Set<string>();
    const classOf = (module: string, name: string) => {
      const found = built[module]?.[name];
      if (!found) missing.add(`${module} .${name}`);
      return found ?? "";
    };
    const { data } = (await (await SELF.fetch("http://localhost/api/public/schedule/join-open")).json()) as {
      data: PublicSchedule;
    };
    // Every branch: an event with a logo, quiz and forum, talks with rooms, speakers and tracks, today or not.
    const day = data.presentations[0]?.date ?? "";
    for (const texts of [firstScreenTexts("fr"), firstScreenTexts("en")]) {
      scheduleFirstScreen(data, { date: day, minutes: 0 }, texts, classOf);
      scheduleFirstScreen({ ...data, presentations: [] }, { date: day, minutes: 0 }, texts, classOf);
      synopsisFirstScreen(data, { date: day, minutes: 0 }, texts, classOf);
      speakersFirstScreen(data, texts, classOf);
      speakersFirstScreen({ ...data, presentations: [] }, texts, classOf);
    }
    expect([...missing]).toEqual([]);
  });

  it("comes with the synopsis too", async () => {
    const { html } = await page("/join-open/synopsis");
    expect(html).toContain(FIRST_SCREEN);
    expect(html).toMatch(/<h2 [^>]*>Synopsis<\/h2>/);
  });

  it("comes with the speakers list too, each speaker a link to their page", async () => {
    const { html } = await page("/join-open/speakers");
    expect(html).toContain(FIRST_SCREEN);
    expect(html).toMatch(/<h2 [^>]*>Intervenants<\/h2>/);
    expect(html).toMatch(/href="\/join-open\/speakers\/\d+"/);
  });

  it("speaks the language the reader chose in the app", async () => {
    const english = await (await SELF.fetch("http://localhost/join-open", { headers: { cookie: "locale=en" } })).text();
    expect(english).toMatch(/>Schedule<\/h2>/);
    expect(english).toContain('<html lang="en">');
    const french = (await page("/join-open")).html;
    expect(french).toMatch(/>Programme<\/h2>/);
    expect(french).toContain('<html lang="fr">');
  });

  it("is left to the app on the embeddable and virtual layouts, other pages, and closed events", async () => {
    for (const path of [
      "/join-open?iframe",
      "/join-open?viewmode=virtual",
      "/join-open/synopsis?iframe",
      "/join-open/my-schedule",
      "/join-open/12",
      "/join-open/speakers/3",
      "/join-open/speakers?iframe",
      "/join-locked",
      "/join-members",
    ]) {
      const response = await SELF.fetch(`http://localhost${path}`);
      const html = await response.text();
      expect(html, path).not.toContain(FIRST_SCREEN);
      expect(html, path).not.toContain("first-screen-style");
      expect(response.headers.get("content-security-policy"), path).toContain("style-src 'self';");
    }
  });
});
