import { groupByDay } from "@core/schedule/day-numbering";
import { eventMonogram } from "@core/schedule/event-monogram";
import { eventTheme } from "@core/schedule/event-theme";
import { formatLongDate, formatShortDateRange } from "@core/schedule/format-dates";
import type { PublicPresentation, PublicSchedule } from "@core/schedule/public-schedule";
import { validHexColor } from "@core/schedule/readable-colors";
import { filterOptions } from "@core/schedule/schedule-search";
import { speakerName } from "@core/schedule/speaker-name";
import { formatMinutes } from "@core/schedule/time-of-day";
import { initialsOf } from "@core/text/initials";
import { escapeHtml } from "./html";
import { icon } from "./icons";
import type { FirstScreenTexts } from "./texts";

/** Cards drawn: more than a 1440 × 900 desktop or a phone shows before the app takes over. */
export const FIRST_SCREEN_CARDS = 6;

/** The element the app removes once it has drawn the page (web/src/lib/first-screen.ts). */
export const FIRST_SCREEN_ID = "first-screen";

/** The class of `name` in the CSS module `module` (a path under web/src), as the app's build named it. */
export type ClassOf = (module: string, name: string) => string;

export interface FirstScreen {
  /** Markup to put before the app's root. */
  html: string;
  /** The rules no class can carry (the event's colours, each card's track colour, logo boxes), for one inline `<style>`. */
  css: string;
}

const MODULES = {
  avatar: "components/avatar.module.css",
  button: "components/button.module.css",
  logo: "components/event-logo.module.css",
  locale: "components/locale-switcher.module.css",
  filters: "components/multi-select.module.css",
  brand: "features/event-shell/event-brand.module.css",
  shell: "features/event-shell/event-shell.module.css",
  sidebar: "features/event-shell/sidebar-content.module.css",
  menu: "features/event-shell/sidebar-menu.module.css",
  card: "features/schedule/presentation-card.module.css",
  list: "features/schedule/schedule-list.module.css",
  toolbar: "features/schedule/schedule-toolbar.module.css",
} as const;

type Classes = (module: keyof typeof MODULES, ...names: string[]) => string;

/** The logo boxes of the app's EventLogo (sidebar 110 × 100, phone top bar 64 × 36). */
const LOGO_BOXES = { sidebar: { width: 110, height: 100 }, topbar: { width: 64, height: 36 } } as const;
const SPEAKER_PICTURE_PX = 76;

/**
 * The schedule page's first screen, as the app draws it for an anonymous reader: the event's
 * frame (sidebar on a desktop, top bar on a phone), the list's title, search and filters, and the
 * first cards of the day the list opens on (today's while the event runs, else the first). Written
 * by the Worker into the page's HTML, so a phone shows the programme as soon as the HTML and the
 * stylesheets are in, before the app's code has loaded and run; the app then takes the page over
 * (docs/performance.md). `today` is yyyy-MM-dd in the event's time zone.
 */
export function scheduleFirstScreen(
  schedule: PublicSchedule,
  today: string,
  texts: FirstScreenTexts,
  classOf: ClassOf,
): FirstScreen {
  const classes: Classes = (module, ...names) =>
    names
      .map((name) => classOf(MODULES[module], name))
      .filter(Boolean)
      .join(" ");
  const { event, presentations } = schedule;
  const days = groupByDay(presentations, schedule.aggregates.dates);
  const opening = days.find((day) => day.date === today) ?? days[0];
  const cards = opening?.presentations.slice(0, FIRST_SCREEN_CARDS) ?? [];
  const t = texts.text;

  const logo = (box: keyof typeof LOGO_BOXES) =>
    event.logo
      ? `<img class="${classes("logo", "logo")}" src="${escapeHtml(event.logo)}" alt="" data-box="${box}">`
      : `<span class="${classes("logo", "monogram")}" aria-hidden="true" data-box="${box}">${escapeHtml(eventMonogram(event.name))}</span>`;

  // The entries every reader has: who is logged in is known to the app alone (its session is in
  // local storage), so "Login", or a member's own entries, come with it.
  const menuLink = (href: string, label: string, iconName: "calendar" | "questionCircle", current = false) =>
    `<li><a href="${escapeHtml(href)}" class="${classes("menu", "link")}"${current ? ' aria-current="page"' : ""}>${icon(iconName, classes("menu", "icon"))}<span class="${classes("menu", "label")}">${escapeHtml(t("event-shell", label))}</span></a></li>`;
  const slugPath = `/${encodeURIComponent(event.slug)}`;
  const sidebar = `<aside class="${classes("shell", "sidebar")}" data-first-screen-layout="desktop">
<span class="${classes("button", "icon")} ${classes("shell", "sidebarToggle")}" aria-hidden="true">${icon("sidebar")}</span>
<div class="${classes("shell", "sidebarBody")}"><div class="${classes("sidebar", "content")}">
<div class="${classes("brand", "brand")}">${logo("sidebar")}<h1 class="${classes("brand", "name")}">${escapeHtml(event.name)}</h1>
<dl class="${classes("brand", "facts")}"><div class="${classes("brand", "fact")}"><dt class="visually-hidden">${escapeHtml(t("event-shell", "event.dates"))}</dt>${icon("calendar", classes("brand", "factIcon"))}<dd>${escapeHtml(formatShortDateRange(event.start, event.end, texts.locale))}</dd></div>${
    event.venue
      ? `<div class="${classes("brand", "fact")}"><dt class="visually-hidden">${escapeHtml(t("event-shell", "event.venue"))}</dt>${icon("pin", classes("brand", "factIcon"))}<dd>${escapeHtml(event.venue)}</dd></div>`
      : ""
  }</dl></div>
<div class="${classes("sidebar", "account")}"><nav aria-label="${escapeHtml(t("event-shell", "menu.label"))}" class="${classes("menu", "nav")}"><ul class="${classes("menu", "menu")}">${menuLink(slugPath, "menu.schedule", "calendar", true)}${menuLink(`${slugPath}/tutorial`, "menu.tutorial", "questionCircle")}</ul></nav></div>
</div></div></aside>`;

  const localeSwitcher = `<fieldset class="${classes("locale", "switcher")} ${classes("shell", "locale")}"><legend class="visually-hidden">${escapeHtml(t("common", "locale.switcher"))}</legend>${(
    ["fr", "en"] as const
  )
    .map(
      (code) =>
        `<button type="button" lang="${code}" class="${classes("locale", "option")}" aria-pressed="${texts.locale === code}" disabled><span aria-hidden="true">${code.toUpperCase()}</span><span class="visually-hidden">${escapeHtml(t("common", `locale.${code}`))}</span></button>`,
    )
    .join("")}</fieldset>`;
  const topbar = `<header class="${classes("shell", "topbar")}">
<span class="${classes("button", "icon")} ${classes("shell", "menuButton")}" aria-hidden="true" data-first-screen-layout="phone">${icon("menu")}</span>
<div class="${classes("shell", "topbarBrand")}" data-first-screen-layout="phone">${logo("topbar")}<p class="${classes("shell", "topbarName")}">${escapeHtml(event.name)}</p></div>
${localeSwitcher}</header>`;

  const options = filterOptions(presentations);
  const filterLabels = [
    options.show.speakers ? "filter.speakers" : null,
    options.show.rooms ? "filter.rooms" : null,
    options.show.associations ? "filter.associations" : null,
    options.show.dates ? "filter.dates" : null,
  ].filter((key) => key !== null);
  const toolbar = `<search class="${classes("toolbar", "toolbar")}"><div class="${classes("toolbar", "search")}">
<label for="${FIRST_SCREEN_ID}-search" class="visually-hidden">${escapeHtml(t("schedule", "search.label"))}</label>${icon("search", classes("toolbar", "searchIcon"))}<input id="${FIRST_SCREEN_ID}-search" type="search" class="${classes("toolbar", "searchInput")}" placeholder="${escapeHtml(t("schedule", "search.placeholder-short"))}" autocomplete="off">
</div><div class="${classes("toolbar", "filters")}">${filterLabels
    .map(
      (key) =>
        `<span class="${classes("filters", "button")}" aria-hidden="true"><span>${escapeHtml(t("schedule", key))}</span>${icon("chevronDown", classes("filters", "chevron"))}</span>`,
    )
    .join("")}</div></search>`;

  const card = (presentation: PublicPresentation) => {
    const start = formatMinutes(presentation.time);
    const end = formatMinutes(presentation.end_time);
    const main = presentation.speaker_info;
    const speakers = presentation.speakers.map(speakerName).join(", ");
    const picture = main
      ? main.picture
        ? `<img class="${classes("avatar", "avatar")}" src="${escapeHtml(main.picture)}" alt="" width="${SPEAKER_PICTURE_PX}" height="${SPEAKER_PICTURE_PX}" loading="lazy" decoding="async">`
        : `<span class="${classes("avatar", "avatar", "initials")}" aria-hidden="true">${escapeHtml(initialsOf(`${main.firstName} ${main.lastName}`))}</span>`
      : "";
    const tags = [
      presentation.color_info
        ? `<li class="${classes("card", "tag")}"><span class="${classes("card", "swatch")}" aria-hidden="true"></span><span class="visually-hidden">${escapeHtml(t("schedule", "track"))} </span>${escapeHtml(presentation.color_info.name)}</li>`
        : "",
      presentation.type_info
        ? `<li class="${classes("card", "tag")}">${presentation.type_info.icon ? `<img class="${classes("card", "tagIcon")}" src="${escapeHtml(presentation.type_info.icon)}" alt="" width="16" height="16">` : ""}<span class="visually-hidden">${escapeHtml(t("schedule", "type"))} </span>${escapeHtml(presentation.type_info.name)}</li>`
        : "",
      presentation.association_info
        ? `<li class="${classes("card", "tag", "association")}">${presentation.association_info.logo ? `<img class="${classes("card", "associationLogo")}" src="${escapeHtml(presentation.association_info.logo)}" alt="" height="20">` : ""}${escapeHtml(presentation.association_info.name)}</li>`
        : "",
    ].join("");
    const actions = [
      presentation.publicVideo ? ["playCircle", "action.watch-video", "primaryAction"] : null,
      event.forum ? ["chatBubbles", "action.forum", null] : null,
      event.quiz ? ["questionCircle", "action.quiz", null] : null,
      presentation.date === today ? ["broadcast", "action.livestream", "liveAction"] : null,
      presentation.pdfUrl ? ["fileText", "action.pdf", null] : null,
    ]
      .filter((action) => action !== null)
      .map(
        ([iconName, label, variant]) =>
          `<li><span class="${classes("card", "action", ...(variant ? [variant] : []))}" aria-hidden="true">${icon(iconName as "playCircle", "")}${escapeHtml(t("schedule", label as string))}</span></li>`,
      )
      .join("");
    return `<li><article class="${classes("card", "card")}" id="${FIRST_SCREEN_ID}-card-${presentation._id}" data-testid="first-screen-card">
<div class="${classes("card", "when")}"><p class="${classes("card", "time")}"><span class="visually-hidden">${escapeHtml(t("schedule", "time.range", { start, end }))}</span><span aria-hidden="true"><time datetime="${start}" class="${classes("card", "start")}">${start}</time><span class="${classes("card", "end")}"><span class="${classes("card", "dash")}">–</span><time datetime="${end}">${end}</time></span></span></p>${
      presentation.room_info
        ? `<p class="${classes("card", "room")}">${icon("pin", classes("card", "roomIcon"))}<span class="visually-hidden">${escapeHtml(t("schedule", "room"))} </span>${escapeHtml(presentation.room_info.name)}</p>`
        : ""
    }</div>
${picture ? `<div class="${classes("card", "picture")}">${picture}</div>` : ""}
<div class="${classes("card", "body")}"><h4 class="${classes("card", "name")}">${escapeHtml(presentation.name)}</h4>${
      speakers
        ? `<p class="${classes("card", "speakers")}"><span class="visually-hidden">${escapeHtml(t("schedule", "speakers"))} </span>${escapeHtml(speakers)}</p>`
        : ""
    }${tags ? `<ul class="${classes("card", "tags")}">${tags}</ul>` : ""}${actions ? `<ul class="${classes("card", "actions")}">${actions}</ul>` : ""}</div>
<div class="${classes("card", "controls")}"><span class="${classes("button", "icon")} ${classes("card", "toggle")}" aria-hidden="true">${icon("chevronDown")}</span></div>
</article></li>`;
  };

  const list = `<section class="${classes("list", "schedule")}" aria-labelledby="${FIRST_SCREEN_ID}-title">
<header class="${classes("list", "header")}"><h2 id="${FIRST_SCREEN_ID}-title" class="${classes("list", "title")}">${escapeHtml(t("schedule", "title"))}</h2>${
    presentations.length > 0
      ? `<p class="${classes("list", "summary")}">${escapeHtml(texts.count("schedule", "summary", presentations.length))} · ${escapeHtml(texts.count("schedule", "days", days.length))}</p>`
      : ""
  }</header>
${presentations.length > 0 ? toolbar : `<p class="${classes("list", "empty")}">${escapeHtml(t("schedule", "empty"))}</p>`}
${
  opening
    ? `<section class="${classes("list", "day")}"><h3 class="${classes("list", "dayHeader")}"><span class="${classes("list", "dayNumber")}">${escapeHtml(t("schedule", "day.label", { number: opening.dayNumber }))}</span><span class="${classes("list", "dayDate")}">${escapeHtml(formatLongDate(opening.date, texts.locale))}</span></h3>
<ol class="${classes("list", "cards")}">${cards.map(card).join("")}</ol></section>`
    : ""
}</section>`;

  const html = `<div id="${FIRST_SCREEN_ID}" class="${classes("shell", "shell")}" aria-busy="true" data-testid="first-screen">${sidebar}<div class="${classes("shell", "main")}">${topbar}<main class="${classes("shell", "content")}">${list}</main></div></div>`;
  return { html, css: firstScreenCss(schedule, cards) };
}

/** The inline rules: what the app sets through `style` (CSSOM), which a page's CSP does not let HTML do. */
function firstScreenCss(schedule: PublicSchedule, cards: PublicPresentation[]): string {
  const theme = Object.entries(eventTheme(schedule.event))
    .map(([name, value]) => `${name}:${value}`)
    .join(";");
  const tracks = cards
    .map((presentation) => {
      const color = validHexColor(presentation.color_info?.color);
      return color ? `#${FIRST_SCREEN_ID}-card-${presentation._id}{--track:${color}}` : "";
    })
    .join("");
  const logoBoxes = Object.entries(LOGO_BOXES)
    .map(([box, { width, height }]) => {
      const side = Math.min(width, height, 64);
      return `#${FIRST_SCREEN_ID} img[data-box="${box}"]{max-width:${width}px;max-height:${height}px}#${FIRST_SCREEN_ID} span[data-box="${box}"]{width:${side}px;height:${side}px;font-size:${side * 0.36}px}`;
    })
    .join("");
  return `#${FIRST_SCREEN_ID}{${theme}}${tracks}${logoBoxes}`;
}
