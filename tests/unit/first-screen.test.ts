import type { PublicPresentation, PublicSchedule } from "@core/schedule/public-schedule";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import * as appIcons from "../../web/src/components/icons";
import { icon } from "../../worker/pages/first-screen/icons";
import { FIRST_SCREEN_CARDS, scheduleFirstScreen } from "../../worker/pages/first-screen/schedule-first-screen";
import { speakersFirstScreen } from "../../worker/pages/first-screen/speakers-first-screen";
import { FIRST_SCREEN_ROOMS, synopsisFirstScreen } from "../../worker/pages/first-screen/synopsis-first-screen";
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
    const { html } = scheduleFirstScreen(
      scheduleOf([...day2, ...day1]),
      { date: "2026-11-20", minutes: 0 },
      french,
      classOf,
    );
    const expected = [...day1].sort((a, b) => a.time - b.time).slice(0, FIRST_SCREEN_CARDS);
    expect(cardIds(html)).toEqual(expected.map((p) => p._id));
    expect(html).toContain(">Jour 1<");
    expect(html).toContain(">mercredi 25 novembre 2026<");
    expect(html).toContain("10 présentations · 2 jours");
  });

  it("opens on the first day while the event runs, as the app does, its toolbar in view", () => {
    const day1 = talk("2026-11-25", 540);
    const day2 = talk("2026-11-26", 600);
    const { html } = scheduleFirstScreen(scheduleOf([day1, day2]), { date: "2026-11-26", minutes: 0 }, french, classOf);
    expect(cardIds(html)).toEqual([day1._id]);
    expect(html).toContain(">Jour 1<");
    // The live stream's button shows on the talks of the day only.
    expect(html).not.toContain("Direct");
  });

  it("draws LIVESTREAM red on today's talks until they end, then as an ordinary action, as the app does", () => {
    const morning = talk("2026-11-25", 540);
    const evening = talk("2026-11-25", 1_080);
    const { html } = scheduleFirstScreen(
      scheduleOf([morning, evening]),
      { date: "2026-11-25", minutes: 720 },
      french,
      classOf,
    );
    const liveButtons = (card: PublicPresentation) =>
      html
        .slice(html.indexOf(`first-screen-card-${card._id}`))
        .split("</article>")[0]
        ?.match(/class="([^"]*)"[^>]*>(?:(?!<\/span>).)*?Direct/)?.[1];
    expect(liveButtons(morning)).toBe("presentation-card:action");
    expect(liveButtons(evening)).toBe("presentation-card:action presentation-card:liveAction");
  });

  it("says so when the event has no talks yet, as the app does", () => {
    const { html } = scheduleFirstScreen(scheduleOf([]), { date: "2026-11-20", minutes: 0 }, french, classOf);
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
      { date: "2026-11-20", minutes: 0 },
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
      { date: "2026-11-20", minutes: 0 },
      firstScreenTexts("en"),
      classOf,
    );
    expect(html).toContain(">Schedule<");
    expect(html).toContain("1 presentation · 1 day");
    expect(html).toMatch(/>Wednesday,? 25 November 2026</);
  });

  it("draws each icon exactly as the app does", () => {
    const pairs = [
      ["calendar", appIcons.CalendarIcon],
      ["chevronDown", appIcons.ChevronDownIcon],
      ["chevronLeft", appIcons.ChevronLeftIcon],
      ["chevronRight", appIcons.ChevronRightIcon],
      ["menu", appIcons.MenuIcon],
      ["pin", appIcons.PinIcon],
      ["questionCircle", appIcons.QuestionCircleIcon],
      ["search", appIcons.SearchIcon],
      ["sidebar", appIcons.SidebarIcon],
      ["users", appIcons.UsersIcon],
      ["chatBubbles", appIcons.ChatBubblesIcon],
      ["broadcast", appIcons.BroadcastIcon],
      ["playCircle", appIcons.PlayCircleIcon],
      ["fileText", appIcons.FileTextIcon],
    ] as const;
    for (const [name, AppIcon] of pairs)
      expect(icon(name, "x"), name).toBe(renderToStaticMarkup(createElement(AppIcon, { className: "x" })));
  });
});

describe("the synopsis's first screen", () => {
  const rooms = Array.from({ length: 8 }, (_, index) => ({ _id: index + 1, name: `Room ${index + 1}` }));
  const inRoom = (roomIndex: number) => {
    const room = rooms[roomIndex] ?? { _id: 0, name: "" };
    return { room_id: room._id, room_info: room };
  };
  const timetable = (talks: PublicPresentation[]) => ({
    ...scheduleOf(talks),
    aggregates: { speakers: [], rooms, associations: [], dates: [...new Set(talks.map((p) => p.date))].sort() },
  });

  it("opens on the first day at the top of its rail, an hour before its first talk, with the first room columns on a desktop and the first room on a phone", () => {
    const talks = rooms.map((_, index) => talk("2026-11-25", 9 * 60 + index * 15, { day: 1, ...inRoom(index) }));
    const early = talk("2026-11-25", 8 * 60 + 30, { day: 1, ...inRoom(0) });
    const later = talk("2026-11-26", 600, { day: 2, ...inRoom(0) });
    const { html, css } = synopsisFirstScreen(
      timetable([...talks, early, later]),
      { date: "2026-11-20", minutes: 600 },
      french,
      classOf,
    );
    expect(html).toContain(">Jour 1<");
    expect(html).not.toContain(`first-screen-card-${later._id}`);
    // Desktop: FIRST_SCREEN_ROOMS columns of the 8, the grid as wide as all 8; phone: room 1 of 8.
    const desktop = html.slice(
      html.indexOf('<div data-first-screen-synopsis="desktop">'),
      html.indexOf('<div data-first-screen-synopsis="phone">'),
    );
    expect(desktop.match(/synopsis:roomHead"/g)?.length).toBe(FIRST_SCREEN_ROOMS);
    expect(css).toContain("#first-screen-grid-desktop{--rooms:8;");
    expect(html).toContain("Salle 1 sur 8");
    // Drawn from 07:00, an hour before the first talk (08:30), from the top of the rail.
    expect(css).toContain("margin-top:-0px");
    expect(html).toMatch(/data-hour="7">07:00</);
    expect(html).not.toContain('data-hour="6"');
    expect(html).toContain(`${early.name}`);
  });

  it("opens on today while the event runs, leaving out what ended before the hour it opens at", () => {
    const morning = talk("2026-11-26", 8 * 60, { day: 2, ...inRoom(0) });
    const afternoon = talk("2026-11-26", 15 * 60, { day: 2, ...inRoom(0) });
    const { html } = synopsisFirstScreen(
      timetable([talk("2026-11-25", 600, { day: 1, ...inRoom(0) }), morning, afternoon]),
      { date: "2026-11-26", minutes: 14 * 60 },
      french,
      classOf,
    );
    expect(html).toContain(">Jour 2<");
    expect(html).toContain(afternoon.name);
    expect(html).not.toContain(`>${morning.name}<`);
  });

  it("in the evening after the talks, opens on the last talk: the day's on a desktop, the first room's on a phone", () => {
    const morning = talk("2026-11-26", 9 * 60, { day: 2, ...inRoom(0) });
    const lastOfFirstRoom = talk("2026-11-26", 14 * 60, { day: 2, ...inRoom(0) });
    const lastOfDay = talk("2026-11-26", 17 * 60, { day: 2, ...inRoom(1) });
    const { html } = synopsisFirstScreen(
      timetable([morning, lastOfFirstRoom, lastOfDay]),
      { date: "2026-11-26", minutes: 21 * 60 },
      french,
      classOf,
    );
    const desktop = html.slice(0, html.indexOf('<div data-first-screen-synopsis="phone">'));
    const phone = html.slice(html.indexOf('<div data-first-screen-synopsis="phone">'));
    expect(desktop).toContain(`>${lastOfDay.name}<`);
    expect(desktop).not.toContain(`>${lastOfFirstRoom.name}<`);
    expect(phone).toContain(`>${lastOfFirstRoom.name}<`);
    expect(phone).not.toContain(`>${morning.name}<`);
  });

  it("escapes the organisers' texts", () => {
    const hostile = `<img src=x onerror=alert(1)>`;
    const { html, css } = synopsisFirstScreen(
      timetable([
        talk("2026-11-25", 600, {
          day: 1,
          name: hostile,
          room_id: 1,
          room_info: { _id: 1, name: hostile },
          color_info: { color: "red;}*{x:y", name: "t" },
        }),
      ]),
      { date: "2026-11-20", minutes: 0 },
      french,
      classOf,
    );
    expect(html).not.toContain("<img src=x");
    expect(css).not.toContain("red;");
    expect(css).not.toContain("<");
  });
});

describe("the speakers page's first screen", () => {
  const ada = { _id: 1, title: null, firstName: "Ada", lastName: "Lovelace", picture: null };
  const hélène = { _id: 2, title: null, firstName: "Hélène", lastName: "Ébrard", picture: "/p/2.jpg" };

  it("lists the speakers by last name, each a link to their page, with the search box and the count", () => {
    const { html } = speakersFirstScreen(
      scheduleOf([
        talk("2026-11-25", 540, { speaker_info: ada, speakers: [ada, hélène] }),
        talk("2026-11-25", 600, {
          speaker_info: hélène,
          speakers: [hélène],
          association_info: { _id: 4, name: "Inria", logo: null },
        }),
      ]),
      french,
      classOf,
    );
    expect(html).toContain(">Intervenants<");
    expect(html).toContain(">2 intervenants<");
    expect(html).toContain('placeholder="Nom, organisation…"');
    const links = [...html.matchAll(/href="(\/salon\/speakers\/\d+)"/g)].map((match) => match[1]);
    expect(links).toEqual(["/salon/speakers/2", "/salon/speakers/1"]);
    expect(html).toContain('speaker-directory:associations">Inria<');
    expect(html).toContain(">2 présentations<");
    // The menu's current entry is the speakers'.
    expect(html).toMatch(/href="\/salon\/speakers" class="sidebar-menu:link" aria-current="page"/);
  });

  it("escapes the organisers' texts and says when there is nobody yet", () => {
    const hostile = { ...ada, firstName: "<img src=x onerror=alert(1)>", picture: `x" onerror="alert(1)` };
    const { html } = speakersFirstScreen(
      scheduleOf([talk("2026-11-25", 540, { speaker_info: hostile, speakers: [hostile] })]),
      firstScreenTexts("en"),
      classOf,
    );
    expect(html).not.toMatch(/<img src=x|" onerror="/);
    expect(html).toContain(">1 speaker<");
    const nobody = speakersFirstScreen(scheduleOf([]), french, classOf).html;
    // The app's EmptyState in a Card, as SpeakerDirectory draws it.
    expect(nobody).toMatch(
      /class="card:card"><div class="empty-state:state empty-state:compact">.*<p class="empty-state:title">Aucun intervenant n(&#39;|')est encore annoncé\.</,
    );
    expect(nobody).not.toContain("<search");
  });
});
