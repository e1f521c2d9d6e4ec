import { FIRST_SCREEN_ID } from "@core/html/first-screen-ids";
import { eventMonogram } from "@core/schedule/event-monogram";
import { eventTheme } from "@core/schedule/event-theme";
import { formatShortDateRange } from "@core/schedule/format-dates";
import type { PublicEvent } from "@core/schedule/public-schedule";
import { escapeHtml } from "./html";
import { icon } from "./icons";
import type { Classes } from "./module-classes";
import type { FirstScreenTexts } from "./texts";

export { FIRST_SCREEN_ID };

/** A page's first screen: its markup, and the rules no class can carry for one inline `<style>`. */
export interface FirstScreen {
  /** Markup to put before the app's root. */
  html: string;
  /** What the app sets through `style` (colours, sizes, positions), which the page's CSP lets no HTML attribute do. */
  css: string;
}

/** The logo boxes of the app's EventLogo (sidebar 110 × 100, phone top bar 64 × 36). */
const LOGO_BOXES = { sidebar: { width: 110, height: 100 }, topbar: { width: 64, height: 36 } } as const;

/**
 * The event's frame as the app's EventShell draws it for an anonymous reader, around `main`: the
 * sidebar (logo, name, dates, venue, menu) on a desktop, the top bar on a phone, both written and
 * one shown by the app's 991 px breakpoint (web/src/styles/base.css). `current` is the menu entry
 * of the page.
 */
export function eventFrame(
  event: PublicEvent,
  texts: FirstScreenTexts,
  classes: Classes,
  current: "schedule" | "synopsis" | "speakers",
  main: string,
): FirstScreen {
  const t = texts.text;
  const logo = (box: keyof typeof LOGO_BOXES) =>
    event.logo
      ? `<img class="${classes("logo", "logo")}" src="${escapeHtml(event.logo)}" alt="" data-box="${box}">`
      : `<span class="${classes("logo", "monogram")}" aria-hidden="true" data-box="${box}">${escapeHtml(eventMonogram(event.name))}</span>`;
  const slugPath = `/${encodeURIComponent(event.slug)}`;
  // The entries every reader has: who is logged in is known to the app alone (its session is in
  // local storage), so "Login", or a member's own entries, come with it.
  const menuLink = (
    href: string,
    label: string,
    iconName: "calendar" | "questionCircle" | "users",
    isCurrent: boolean,
  ) =>
    `<li><a href="${escapeHtml(href)}" class="${classes("menu", "link")}"${isCurrent ? ' aria-current="page"' : ""}>${icon(iconName, classes("menu", "icon"))}<span class="${classes("menu", "label")}">${escapeHtml(t("event-shell", label))}</span></a></li>`;
  const fact = (term: string, iconName: "calendar" | "pin", value: string) =>
    `<div class="${classes("brand", "fact")}"><dt class="visually-hidden">${escapeHtml(t("event-shell", term))}</dt>${icon(iconName, classes("brand", "factIcon"))}<dd>${escapeHtml(value)}</dd></div>`;
  const sidebar = `<aside class="${classes("shell", "sidebar")}" data-first-screen-layout="desktop">
<span class="${classes("button", "icon")} ${classes("shell", "sidebarToggle")}" aria-hidden="true">${icon("sidebar")}</span>
<div class="${classes("shell", "sidebarBody")}"><div class="${classes("sidebar", "content")}">
<div class="${classes("brand", "brand")}">${logo("sidebar")}<h1 class="${classes("brand", "name")}">${escapeHtml(event.name)}</h1>
<dl class="${classes("brand", "facts")}">${fact("event.dates", "calendar", formatShortDateRange(event.start, event.end, texts.locale))}${event.venue ? fact("event.venue", "pin", event.venue) : ""}</dl></div>
<div class="${classes("sidebar", "account")}"><nav aria-label="${escapeHtml(t("event-shell", "menu.label"))}" class="${classes("menu", "nav")}"><ul class="${classes("menu", "menu")}">${menuLink(slugPath, "menu.schedule", "calendar", current === "schedule")}${menuLink(`${slugPath}/speakers`, "menu.speakers", "users", current === "speakers")}${menuLink(`${slugPath}/tutorial`, "menu.tutorial", "questionCircle", false)}</ul></nav></div>
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

  const html = `<div id="${FIRST_SCREEN_ID}" class="${classes("shell", "shell")}" aria-busy="true" data-testid="first-screen">${sidebar}<div class="${classes("shell", "main")}">${topbar}<main class="${classes("shell", "content")}">${main}</main></div></div>`;
  return { html, css: frameCss(event) };
}

/** The event's colours as the app's CSS variables, and the logo's boxes. */
function frameCss(event: PublicEvent): string {
  const theme = Object.entries(eventTheme(event))
    .map(([name, value]) => `${name}:${value}`)
    .join(";");
  const logoBoxes = Object.entries(LOGO_BOXES)
    .map(([box, { width, height }]) => {
      const side = Math.min(width, height, 64);
      return `#${FIRST_SCREEN_ID} img[data-box="${box}"]{max-width:${width}px;max-height:${height}px}#${FIRST_SCREEN_ID} span[data-box="${box}"]{width:${side}px;height:${side}px;font-size:${side * 0.36}px}`;
    })
    .join("");
  return `#${FIRST_SCREEN_ID}{${theme}}${logoBoxes}`;
}
