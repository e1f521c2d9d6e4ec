import { groupByDay } from "@core/schedule/day-numbering";
import { formatLongDate } from "@core/schedule/format-dates";
import type { PublicPresentation, PublicSchedule } from "@core/schedule/public-schedule";
import { validHexColor } from "@core/schedule/readable-colors";
import { speakerName } from "@core/schedule/speaker-name";
import { endedToday, formatMinutes, type WallClock } from "@core/schedule/time-of-day";
import { eventFrame, FIRST_SCREEN_ID, type FirstScreen } from "./event-frame";
import { escapeHtml } from "./html";
import { type IconName, icon } from "./icons";
import { type ClassOf, moduleClasses } from "./module-classes";
import { avatar, filterButtons, searchField } from "./shared-parts";
import type { FirstScreenTexts } from "./texts";

/** Cards drawn: more than a 1440 × 900 desktop or a phone shows before the app takes over. */
export const FIRST_SCREEN_CARDS = 6;

const SPEAKER_PICTURE_PX = 76;

/**
 * The schedule page's first screen, as the app draws it for an anonymous reader: the event's
 * frame, the list's title, search and filters, and the first cards of the first day, where the
 * list opens (while the event runs too: its "Today" button then brings today's day in). Written by the Worker into the page's HTML, so
 * a phone shows the programme as soon as the HTML and the stylesheets are in, before the app's
 * code has loaded and run; the app then takes the page over (docs/performance.md). `now` is the
 * event's wall clock.
 */
export function scheduleFirstScreen(
  schedule: PublicSchedule,
  now: WallClock,
  texts: FirstScreenTexts,
  classOf: ClassOf,
): FirstScreen {
  const classes = moduleClasses(classOf);
  const { event, presentations } = schedule;
  const days = groupByDay(presentations, schedule.aggregates.dates);
  const opening = days[0];
  const cards = opening?.presentations.slice(0, FIRST_SCREEN_CARDS) ?? [];
  const t = texts.text;

  const toolbar = `<search class="${classes("toolbar", "toolbar")}">${searchField(t("schedule", "search.label"), t("schedule", "search.placeholder-short"), classes)}
<div class="${classes("toolbar", "filters")}">${filterButtons(presentations, texts, classes)}</div></search>`;

  const card = (presentation: PublicPresentation) => {
    const start = formatMinutes(presentation.time);
    const end = formatMinutes(presentation.end_time);
    const main = presentation.speaker_info;
    const speakers = presentation.speakers.map(speakerName).join(", ");
    const picture = main ? avatar(main, SPEAKER_PICTURE_PX, classes) : "";
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
    const actions = (
      [
        presentation.publicVideo ? { icon: "playCircle", label: "action.watch-video", variant: "primaryAction" } : null,
        event.forum ? { icon: "chatBubbles", label: "action.forum" } : null,
        event.quiz ? { icon: "questionCircle", label: "action.quiz" } : null,
        presentation.date === now.date
          ? // Red as in the app while the talk is on or to come; an ordinary action once it has ended.
            {
              icon: "broadcast",
              label: "action.livestream",
              variant: endedToday(presentation, now) ? "" : "liveAction",
            }
          : null,
        presentation.pdfUrl ? { icon: "fileText", label: "action.pdf" } : null,
      ] satisfies ({ icon: IconName; label: string; variant?: string } | null)[]
    )
      .filter((action) => action !== null)
      .map(
        (action) =>
          `<li><span class="${classes("card", "action", ...("variant" in action && action.variant ? [action.variant] : []))}" aria-hidden="true">${icon(action.icon)}${escapeHtml(t("schedule", action.label))}</span></li>`,
      )
      .join("");
    return `<li><article class="${classes("card", "card")}" id="${FIRST_SCREEN_ID}-card-${presentation._id}" data-testid="first-screen-card">
<div class="${classes("card", "when")}"><p class="${classes("card", "time")}"><span class="visually-hidden">${escapeHtml(t("schedule", "time.range", { start, end }))}</span><span aria-hidden="true"><time datetime="${start}" class="${classes("card", "start")}">${start}</time><span class="${classes("card", "end")}"><span class="${classes("card", "dash")}">–</span><time datetime="${end}">${end}</time></span></span></p>${
      presentation.room_info
        ? `<p class="${classes("card", "room")}">${icon("pin", classes("card", "roomIcon"))}<span class="visually-hidden">${escapeHtml(t("schedule", "room"))} </span>${escapeHtml(presentation.room_info.name)}</p>`
        : ""
    }</div>
${picture ? `<div class="${classes("card", "picture")}">${picture}</div>` : ""}
<div class="${classes("card", "body")}"><h4 class="${classes("card", "name")}" elementtiming="card">${escapeHtml(presentation.name)}</h4>${
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

  const frame = eventFrame(event, texts, classes, "schedule", list);
  return { html: frame.html, css: frame.css + trackCss(cards) };
}

/** Each card's track colour, which the app sets as `--track` through `style`. */
function trackCss(cards: PublicPresentation[]): string {
  return cards
    .map((presentation) => {
      const color = validHexColor(presentation.color_info?.color);
      return color ? `#${FIRST_SCREEN_ID}-card-${presentation._id}{--track:${color}}` : "";
    })
    .join("");
}
