import { synopsisDays } from "@core/schedule/day-numbering";
import { formatLongDate } from "@core/schedule/format-dates";
import type { PublicPresentation, PublicSchedule } from "@core/schedule/public-schedule";
import { validHexColor } from "@core/schedule/readable-colors";
import { speakerName } from "@core/schedule/speaker-name";
import { DEFAULT_ZOOM_INDEX, ZOOM_LEVELS, zoomLabel } from "@core/schedule/synopsis-constants";
import { hourRail, railStartMinutes } from "@core/schedule/synopsis-hour-rail";
import { layoutSynopsisDay, type SynopsisItem, type SynopsisRoomLayout } from "@core/schedule/synopsis-layout";
import { openingMinutesIn, synopsisOpening } from "@core/schedule/synopsis-opening";
import { formatMinutes, MINUTES_PER_DAY, type WallClock } from "@core/schedule/time-of-day";
import { eventFrame, FIRST_SCREEN_ID, type FirstScreen } from "./event-frame";
import { escapeHtml } from "./html";
import { icon } from "./icons";
import { type ClassOf, moduleClasses } from "./module-classes";
import { avatar } from "./shared-parts";
import type { FirstScreenTexts } from "./texts";

/** Room columns drawn on a desktop: more than a 1440 px screen shows (the others come with the app). */
export const FIRST_SCREEN_ROOMS = 6;
const PICTURE_PX = 28;
const GROUP_PICTURES = 4;

/**
 * The synopsis's first screen, as the app draws it for an anonymous reader at its default zoom:
 * the event's frame, the title and the toolbar, and the day the timetable opens on (today while
 * the event runs, else the first day, from the top of its rail) from the hour it opens at: on a
 * desktop its sticky header and the first room columns, on a phone the switcher and the first room, as the app's 1024 px breakpoint has it (both written, one
 * shown: web/src/styles/base.css). The app then takes the page over and scrolls to that hour
 * itself (docs/performance.md). `clock` is the event's wall clock now.
 */
export function synopsisFirstScreen(
  schedule: PublicSchedule,
  clock: WallClock,
  texts: FirstScreenTexts,
  classOf: ClassOf,
): FirstScreen {
  const classes = moduleClasses(classOf);
  const t = texts.text;
  const { event, presentations } = schedule;
  const days = synopsisDays(presentations);
  const opening = synopsisOpening(days, clock);
  const day = opening ? days[opening.dayIndex] : undefined;
  const zoom = DEFAULT_ZOOM_INDEX;
  const layout = day
    ? layoutSynopsisDay(day.presentations, schedule.aggregates.rooms, zoom, railStartMinutes(day.presentations))
    : undefined;
  const roomName = (room: SynopsisRoomLayout) => room.room?.name || t("synopsis", "room.unassigned");
  const rules: string[] = [];

  const percent = new Intl.NumberFormat(texts.locale, { style: "percent" }).format(zoomLabel(ZOOM_LEVELS[zoom]) / 100);
  const toolbar = `<div class="${classes("synopsisToolbar", "toolbar")}"><div class="${classes("synopsisToolbar", "controls")}">
<div class="${classes("synopsisToolbar", "zoom")}"><label class="${classes("synopsisToolbar", "zoomLabel")}" for="${FIRST_SCREEN_ID}-zoom">${escapeHtml(t("synopsis", "zoom.label"))}</label><input id="${FIRST_SCREEN_ID}-zoom" type="range" class="${classes("synopsisToolbar", "slider")}" min="0" max="${ZOOM_LEVELS.length - 1}" step="1" value="${zoom}" disabled><output class="${classes("synopsisToolbar", "zoomValue")}">${escapeHtml(percent)}</output></div>
<div class="${classes("synopsisToolbar", "textControls")}" data-first-screen-synopsis="desktop"><input type="search" class="${classes("synopsisToolbar", "filter")}" placeholder="${escapeHtml(t("synopsis", "filter.placeholder"))}" aria-label="${escapeHtml(t("synopsis", "filter.label"))}" disabled><span class="${classes("synopsisToolbar", "select")}" aria-hidden="true">${escapeHtml(t("synopsis", "scope.all"))}</span></div>
<span class="${classes("synopsisToolbar", "sheetButton")}" aria-hidden="true">${escapeHtml(t("synopsis", "filters.button"))}${icon("chevronDown")}</span></div></div>`;

  const picture = (speaker: PublicPresentation["speaker_info"], size: number, wrapper: string) =>
    speaker ? `<span class="${wrapper}">${avatar(speaker, size, classes)}</span>` : "";
  const card = (presentation: PublicPresentation, showDetails: boolean, id: string) => {
    const time = `${formatMinutes(presentation.time)}–${formatMinutes(presentation.end_time)}`;
    const speaker = presentation.speaker_info;
    const color = validHexColor(presentation.color_info?.color);
    if (color) rules.push(`#${id}{--track:${color}}`);
    const labels =
      showDetails && (presentation.type_info || presentation.association_info)
        ? `<ul class="${classes("synopsisCard", "labels")}">${[
            presentation.type_info?.name,
            presentation.association_info?.name,
          ]
            .filter((label) => label)
            .map((label) => `<li class="${classes("synopsisCard", "label")}">${escapeHtml(label ?? "")}</li>`)
            .join("")}</ul>`
        : "";
    const who = speaker
      ? `<p class="${classes("synopsisCard", "speaker")}">${escapeHtml(speakerName(speaker))}</p>`
      : "";
    const content = `<div class="${classes("synopsisCard", "body")}">${showDetails ? picture(speaker, PICTURE_PX, classes("synopsisCard", "picture")) : ""}<div class="${classes("synopsisCard", "text")}"><h5 class="${classes("synopsisCard", "name")}" elementtiming="card">${escapeHtml(presentation.name)}</h5>${who}<p class="${classes("synopsisCard", "meta")}">${time}</p>${labels}</div></div>`;
    return `<article id="${id}" class="${classes("synopsisCard", "card")}"${showDetails ? ' data-details="true"' : ""} data-testid="first-screen-card">${content}<span class="${classes("button", "icon")} ${classes("synopsisCard", "chevron")}" aria-hidden="true">${icon("chevronDown")}</span></article>`;
  };
  const group = (item: Extract<SynopsisItem, { kind: "group" }>) => {
    const pictures = item.presentations
      .flatMap((presentation) => (presentation.speaker_info ? [presentation.speaker_info] : []))
      .slice(0, GROUP_PICTURES)
      .map((speaker) => picture(speaker, 28, classes("synopsisGroup", "picture")))
      .join("");
    return `<span class="${classes("synopsisGroup", "bar")}" aria-hidden="true"><span class="${classes("synopsisGroup", "pictures")}">${pictures}</span><span class="${classes("synopsisGroup", "text")}"><span class="${classes("synopsisGroup", "count")}">${escapeHtml(texts.count("synopsis", "group.count", item.presentations.length))}</span><span class="${classes("synopsisGroup", "time")}">${formatMinutes(item.start)}–${formatMinutes(item.end)}</span></span></span>`;
  };

  let items = 0;
  const grid = (rooms: SynopsisRoomLayout[], roomCount: number, variant: "desktop" | "phone") => {
    if (!layout || !opening) return "";
    const gridId = `${FIRST_SCREEN_ID}-grid-${variant}`;
    const { containerHeight, showDetails, startMinutes } = layout;
    // As the app: the desktop opens within all the day's rooms, the phone within its one room.
    const openAt = openingMinutesIn(opening.minutes, variant === "desktop" ? layout.rooms : rooms);
    const anchorPx = ((openAt - startMinutes) * containerHeight) / (MINUTES_PER_DAY - startMinutes);
    // The app opens the timetable scrolled to the opening hour; without a script, the grid is
    // drawn from that hour instead (what is above it stays out of the first screen).
    rules.push(
      `#${gridId}{--rooms:${roomCount};--container-height:${containerHeight}px;--hour-height:${(containerHeight * 60) / (MINUTES_PER_DAY - startMinutes)}px;margin-top:-${anchorPx}px}`,
    );
    const rail = hourRail(zoom, startMinutes)
      .map(({ hour, top }) => {
        rules.push(`#${gridId} [data-hour="${hour}"]{top:${top}px}`);
        return `<li class="${classes("synopsis", "hour")}" data-hour="${hour}">${String(hour).padStart(2, "0")}:00</li>`;
      })
      .join("");
    const columns = rooms
      .map((room) => {
        const cells = room.items
          .filter((item) => item.top + item.height >= anchorPx)
          .map((item) => {
            const id = `${FIRST_SCREEN_ID}-item-${++items}`;
            rules.push(
              `#${id}-cell{top:${item.top}px;height:${item.height}px;left:${(item.column / item.columns) * 100}%;width:${100 / item.columns}%}`,
            );
            const content = item.kind === "card" ? card(item.presentation, showDetails, id) : group(item);
            return `<li id="${id}-cell" class="${classes("synopsis", "item")}" data-fit="${item.fit}">${content}</li>`;
          })
          .join("");
        return `<div class="${classes("synopsis", "room")}"><div class="${classes("synopsis", "roomBody")}"><ol class="${classes("synopsis", "items")}">${cells}</ol></div></div>`;
      })
      .join("");
    return `<div class="${classes("synopsis", "grid")}" id="${gridId}"><div class="${classes("synopsis", "railColumn")}"><ol class="${classes("synopsis", "rail")}" aria-label="${escapeHtml(t("synopsis", "rail.label"))}">${rail}</ol></div>${columns}</div>`;
  };

  const dayTitle = (number: number, date: string, numberClass: string, dateClass: string) =>
    `<span class="${numberClass}">${escapeHtml(t("synopsis", "day.label", { number }))}</span><span class="${dateClass}">${escapeHtml(formatLongDate(date, texts.locale))}</span>`;
  const firstRoom = layout?.rooms[0];
  if (layout) rules.push(`#${FIRST_SCREEN_ID}-room-heads{--rooms:${layout.rooms.length}}`);
  const body =
    day && layout && firstRoom
      ? `<div data-first-screen-synopsis="desktop"><section class="${classes("synopsis", "day")}"><div class="${classes("synopsis", "dayHead")}"><header class="${classes("synopsis", "dayHeader")}"><h3 class="${classes("synopsis", "dayTitle")}">${dayTitle(day.day, day.date, classes("synopsis", "dayNumber"), classes("synopsis", "dayDate"))}</h3><ul class="${classes("synopsis", "pills")}" aria-label="${escapeHtml(t("synopsis", "rooms.label"))}">${layout.rooms
          .map((room) => `<li><span class="${classes("synopsis", "pill")}">${escapeHtml(roomName(room))}</span></li>`)
          .join(
            "",
          )}</ul></header><div class="${classes("synopsis", "roomHeads")}"><div class="${classes("synopsis", "roomHeadRow")}" id="${FIRST_SCREEN_ID}-room-heads"><span class="${classes("synopsis", "railHead")}"></span>${layout.rooms
          .slice(0, FIRST_SCREEN_ROOMS)
          .map((room) => `<h4 class="${classes("synopsis", "roomHead")}">${escapeHtml(roomName(room))}</h4>`)
          .join(
            "",
          )}</div></div></div><div class="${classes("synopsis", "scroller")}" data-first-screen-crop>${grid(layout.rooms.slice(0, FIRST_SCREEN_ROOMS), layout.rooms.length, "desktop")}</div></section></div>
<div data-first-screen-synopsis="phone"><section class="${classes("synopsis", "day")}"><div class="${classes("synopsis", "mobileNav")}"><div class="${classes("synopsis", "stepper")}"><span class="${classes("button", "icon")} ${classes("synopsis", "arrow")}" aria-hidden="true">${icon("chevronLeft")}</span><h3 class="${classes("synopsis", "stepperLabel")}">${dayTitle(day.day, day.date, classes("synopsis", "dayNumber"), classes("synopsis", "stepperDate"))}</h3><span class="${classes("button", "icon")} ${classes("synopsis", "arrow")}" aria-hidden="true">${icon("chevronRight")}</span></div><div class="${classes("synopsis", "stepper")}"><span class="${classes("button", "icon")} ${classes("synopsis", "arrow")}" aria-hidden="true">${icon("chevronLeft")}</span><p class="${classes("synopsis", "stepperLabel")}"><span class="${classes("synopsis", "roomName")}">${escapeHtml(roomName(firstRoom))}</span><span class="${classes("synopsis", "stepperCount")}">${escapeHtml(t("synopsis", "nav.room-position", { position: 1, total: layout.rooms.length }))}</span></p><span class="${classes("button", "icon")} ${classes("synopsis", "arrow")}" aria-hidden="true">${icon("chevronRight")}</span></div></div><div class="${classes("synopsis", "scroller")}" data-first-screen-crop>${grid([firstRoom], 1, "phone")}</div></section></div>`
      : "";

  const main = `<section class="${classes("synopsis", "synopsis")}" data-page-width="full" aria-labelledby="${FIRST_SCREEN_ID}-title"><header class="${classes("synopsis", "header")}"><h2 id="${FIRST_SCREEN_ID}-title" class="${classes("synopsis", "title")}">${escapeHtml(t("synopsis", "title"))}</h2>${toolbar}</header><div>${body}</div></section>`;
  const frame = eventFrame(event, texts, classes, "synopsis", main);
  return { html: frame.html, css: frame.css + rules.join("") };
}
