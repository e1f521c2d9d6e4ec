import { FIRST_SCREEN_SEARCH_ID } from "@core/html/first-screen-ids";
import type { PublicPresentation, SpeakerInfo } from "@core/schedule/public-schedule";
import { filterOptions } from "@core/schedule/schedule-search";
import { initialsOf } from "@core/text/initials";
import { escapeHtml } from "./html";
import { icon } from "./icons";
import type { Classes } from "./module-classes";
import type { FirstScreenTexts } from "./texts";

/**
 * The filter buttons as the app shows them while their code loads (FilterSelectsLater's inert
 * look-alikes): one per filter with more than one option.
 */
export function filterButtons(
  presentations: readonly PublicPresentation[],
  texts: FirstScreenTexts,
  classes: Classes,
): string {
  const { show } = filterOptions(presentations);
  return [
    show.speakers ? "filter.speakers" : null,
    show.rooms ? "filter.rooms" : null,
    show.associations ? "filter.associations" : null,
    show.dates ? "filter.dates" : null,
  ]
    .filter((key) => key !== null)
    .map(
      (key) =>
        `<span class="${classes("filters", "button")}" aria-hidden="true"><span>${escapeHtml(texts.text("schedule", key))}</span>${icon("chevronDown", classes("filters", "chevron"))}</span>`,
    )
    .join("");
}

/** A speaker's round picture as the app's Avatar draws it: the photo, or the initials without one. */
export function avatar(speaker: SpeakerInfo, size: number, classes: Classes): string {
  return speaker.picture
    ? `<img class="${classes("avatar", "avatar")}" src="${escapeHtml(speaker.picture)}" alt="" width="${size}" height="${size}" loading="lazy" decoding="async">`
    : `<span class="${classes("avatar", "avatar", "initials")}" aria-hidden="true">${escapeHtml(initialsOf(`${speaker.firstName} ${speaker.lastName}`))}</span>`;
}

/** The search box as the app's SearchField draws it; what is typed here carries over to the app. */
export function searchField(label: string, placeholder: string, classes: Classes): string {
  return `<div class="${classes("searchField", "field")}"><label for="${FIRST_SCREEN_SEARCH_ID}" class="visually-hidden">${escapeHtml(label)}</label>${icon("search", classes("searchField", "icon"))}<input id="${FIRST_SCREEN_SEARCH_ID}" type="search" class="${classes("searchField", "input")}" placeholder="${escapeHtml(placeholder)}" autocomplete="off"></div>`;
}
