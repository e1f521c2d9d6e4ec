import type { PublicSchedule } from "@core/schedule/public-schedule";
import { type SpeakerSummary, speakerDirectory } from "@core/schedule/speaker-directory";
import { speakerName } from "@core/schedule/speaker-name";
import { eventFrame, FIRST_SCREEN_ID, type FirstScreen } from "./event-frame";
import { escapeHtml } from "./html";
import { icon } from "./icons";
import { type ClassOf, moduleClasses } from "./module-classes";
import { avatar, searchField } from "./shared-parts";
import type { FirstScreenTexts } from "./texts";

/** Speakers drawn: more than a 1440 × 900 desktop (three columns) or a phone shows at once. */
export const FIRST_SCREEN_SPEAKERS = 15;

const SPEAKER_PICTURE_PX = 64;

/**
 * The speakers page's first screen (`/{slug}/speakers`), as the app's SpeakerDirectory draws it:
 * the event's frame, the title, the count, the search box and the first speakers, each a link to
 * their page (which works before the app has run). The app takes over as on the schedule.
 */
export function speakersFirstScreen(schedule: PublicSchedule, texts: FirstScreenTexts, classOf: ClassOf): FirstScreen {
  const classes = moduleClasses(classOf);
  const { event } = schedule;
  const everyone = speakerDirectory(schedule.presentations);
  const t = texts.text;
  const slugPath = `/${encodeURIComponent(event.slug)}`;

  const entry = (speaker: SpeakerSummary) => {
    const associations = speaker.associations.map((association) => association.name).join(", ");
    return `<li><a class="${classes("speakers", "speaker")}" href="${escapeHtml(`${slugPath}/speakers/${speaker._id}`)}">${avatar(speaker, SPEAKER_PICTURE_PX, classes)}<span class="${classes("speakers", "text")}"><span class="${classes("speakers", "name")}">${escapeHtml(speakerName(speaker))}</span>${
      associations ? `<span class="${classes("speakers", "associations")}">${escapeHtml(associations)}</span>` : ""
    }<span class="${classes("speakers", "talks")}">${escapeHtml(texts.count("schedule", "speakers.talks", speaker.talks))}</span></span>${icon("chevronRight", classes("speakers", "chevron"))}</a></li>`;
  };

  const search = `<search class="${classes("speakers", "search")}">${searchField(t("schedule", "speakers.search"), t("schedule", "speakers.search-placeholder"), classes)}</search>`;

  const list = `<section class="${classes("speakers", "directory")}" aria-labelledby="${FIRST_SCREEN_ID}-title">
<header class="${classes("speakers", "header")}"><h2 id="${FIRST_SCREEN_ID}-title" class="${classes("speakers", "title")}">${escapeHtml(t("schedule", "speakers.title"))}</h2>${
    everyone.length > 0
      ? `<p class="${classes("speakers", "summary")}">${escapeHtml(texts.count("schedule", "speakers.summary", everyone.length))}</p>`
      : ""
  }</header>
${
  everyone.length > 0
    ? `${search}<ul class="${classes("speakers", "list")}">${everyone.slice(0, FIRST_SCREEN_SPEAKERS).map(entry).join("")}</ul>`
    : `<div class="${classes("panel", "card")}"><div class="${classes("emptyState", "state", "compact")}"><div class="${classes("emptyState", "icon")}">${icon("users")}</div><p class="${classes("emptyState", "title")}">${escapeHtml(t("schedule", "speakers.empty"))}</p></div></div>`
}</section>`;

  return eventFrame(event, texts, classes, "speakers", list);
}
