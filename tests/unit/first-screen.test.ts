import type { PublicPresentation, PublicSchedule } from "@core/schedule/public-schedule";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as appIcons from "../../web/src/components/icons";
import { icon } from "../../worker/pages/first-screen/icons";
import { FIRST_SCREEN_CARDS, scheduleFirstScreen } from "../../worker/pages/first-screen/schedule-first-screen";
import { firstScreenTexts, readerLocale } from "../../worker/pages/first-screen/texts";
import { presentation } from "./synopsis-test-presentations";

/** Class names as the build would give them, readable: `module:name`. */
const classOf = (module: string, name: string) => `${module.split("/").pop()?.replace(".module.css", "")}:${name}`;

/** A talk on `date` at `time` (minutes from midnight), half an hour long. */
const talk = (date: string, time: number, fields: Partial<PublicPresentation> = {}) =>
  presentation({ date, time, end_time: time + 30, ...fields });

function scheduleOf(presentations: PublicPresentation[], event: Partial<PublicSchedule["event"]> = {}): PublicSchedule {
  const dates = [...new Set(presentations.map((p) => p.date))].sort();
  return {
    event: {
      _id: 1,
      name: "Salon",
      slug: "salon",
      logo: null,
      start: dates[0] ?? "2026-11-25",
      end: dates.at(-1) ?? "2026-11-25",
      timeZone: "Europe/Paris",
      venue: null,
      ad: null,
      allowAnonymousAccess: true,
      allowCreateAccount: true,
      forum: true,
      quiz: false,
      show_video_views: false,
      schedule_background_color: "#0b3954",
      schedule_text_color: null,
      protected: false,
      ...event,
    },
    presentations,
    aggregates: { speakers: [], rooms: [], associations: [], dates },
  };
}

const cardIds = (html: string) => [...html.matchAll(/id="first-screen-card-(\d+)"/g)].map((match) => Number(match[1]));
const french = firstScreenTexts("fr");

describe("the schedule's first screen", () => {
  it("opens on the first day before the event, with its first cards by start time", () => {
    const day1 = Array.from({ length: 9 }, (_, index) => talk("2026-11-25", 600 - index * 10));
    const day2 = [talk("2026-11-26", 540)];
    const { html } = scheduleFirstScreen(scheduleOf([...day2, ...day1]), "2026-11-20", french, classOf);
    const expected = [...day1].sort((a, b) => a.time - b.time).slice(0, FIRST_SCREEN_CARDS);
    expect(cardIds(html)).toEqual(expected.map((p) => p._id));
    expect(html).toContain(">Jour 1<");
    expect(html).toContain(">mercredi 25 novembre 2026<");
    expect(html).toContain("10 présentations · 2 jours");
  });

  it("opens on today's day while the event runs, as the app scrolls to it", () => {
    const day1 = talk("2026-11-25", 540);
    const day2 = talk("2026-11-26", 600);
    const { html } = scheduleFirstScreen(scheduleOf([day1, day2]), "2026-11-26", french, classOf);
    expect(cardIds(html)).toEqual([day2._id]);
    expect(html).toContain(">Jour 2<");
    // The live stream's button shows on the talks of the day only.
    expect(html).toContain("Direct");
  });

  it("says so when the event has no talks yet, as the app does", () => {
    const { html } = scheduleFirstScreen(scheduleOf([]), "2026-11-20", french, classOf);
    expect(html).toContain('<p class="schedule-list:empty">Aucune présentation disponible.</p>');
    expect(html).not.toContain("<search");
  });

  it("escapes every organiser's text and keeps the inline rules to validated colours", () => {
    const hostile = `<img src=x onerror=alert(1)>`;
    const presentation = talk("2026-11-25", 540, {
      name: hostile,
      room_info: { _id: 1, name: `Salle "A" & <b>` },
      speaker_info: { _id: 1, title: null, firstName: "Ada", lastName: "Lovelace", picture: `x" onerror="alert(1)` },
      speakers: [{ _id: 1, title: null, firstName: "<i>Ada</i>", lastName: "Lovelace", picture: null }],
      color_info: { color: "red;}body{display:none", name: "Track" },
    });
    const { html, css } = scheduleFirstScreen(
      scheduleOf([presentation], { name: hostile, venue: hostile, logo: `"><script>` }),
      "2026-11-20",
      french,
      classOf,
    );
    expect(html).not.toMatch(/<img src=x|<script>|<b>|<i>Ada|" onerror="/);
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain("Salle &quot;A&quot; &amp; &lt;b&gt;");
    expect(css).not.toContain("display:none");
    expect(css).toContain("--event-bg:#0b3954");
    // Nothing in it can close the style element.
    expect(css).not.toContain("<");
  });

  it("speaks the reader's language, kept by the app in a cookie", () => {
    const request = (cookie: string) => new Request("https://example.org/salon", { headers: { cookie } });
    expect(readerLocale(request("a=1; locale=en"))).toBe("en");
    expect(readerLocale(request("locale=english"))).toBe("fr");
    expect(readerLocale(request(""))).toBe("fr");
    const { html } = scheduleFirstScreen(
      scheduleOf([talk("2026-11-25", 540)]),
      "2026-11-20",
      firstScreenTexts("en"),
      classOf,
    );
    expect(html).toContain(">Schedule<");
    expect(html).toContain("1 presentation · 1 day");
    expect(html).toContain(">Wednesday, November 25, 2026<");
  });

  it("draws each icon exactly as the app does", () => {
    const pairs = [
      ["calendar", appIcons.CalendarIcon],
      ["chevronDown", appIcons.ChevronDownIcon],
      ["menu", appIcons.MenuIcon],
      ["pin", appIcons.PinIcon],
      ["questionCircle", appIcons.QuestionCircleIcon],
      ["search", appIcons.SearchIcon],
      ["sidebar", appIcons.SidebarIcon],
      ["chatBubbles", appIcons.ChatBubblesIcon],
      ["broadcast", appIcons.BroadcastIcon],
      ["playCircle", appIcons.PlayCircleIcon],
      ["fileText", appIcons.FileTextIcon],
    ] as const;
    for (const [name, AppIcon] of pairs)
      expect(icon(name, "x"), name).toBe(renderToStaticMarkup(createElement(AppIcon, { className: "x" })));
  });
});
