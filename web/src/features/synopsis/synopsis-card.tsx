import type { PublicPresentation } from "@core/schedule/public-schedule";
import { validHexColor } from "@core/schedule/readable-colors";
import { speakerName } from "@core/schedule/speaker-name";
import { formatMinutes } from "@core/schedule/time-of-day";
import type { TFunction } from "i18next";
import { type CSSProperties, memo, type ReactNode, useState } from "react";
import { Avatar } from "../../components/avatar";
import buttons from "../../components/button.module.css";
import { ChevronDownIcon } from "../../components/icons";
import styles from "./synopsis-card.module.css";
import { SynopsisCardDetails } from "./synopsis-card-details";

const PICTURE_PX = 28;

/**
 * One presentation in the timetable (spec §2 Synopsis), as a calendar draws an event: its name on
 * as many lines as the card's height allows, the speaker before a second name line, then the time (the card's height
 * decides what shows, in CSS container queries, so no text is ever cut off at the bottom; what
 * does not show stays in the accessible name and the tooltip). From the 50 % zoom, on cards with
 * room for them, the speaker's picture and the type and association labels. The chevron opens the
 * details in a popover sized for reading: every field, FORUM and QUIZ when the event has both, and
 * the my-schedule button.
 *
 * Drawn a thousand times on a large event, so a closed card has no hook but its own state: the
 * translation comes from the grid, and the details mount only when opened.
 */
export const SynopsisCard = memo(function SynopsisCard({
  presentation,
  showDetails,
  t,
  slug,
  forumAndQuiz,
  loggedIn,
  onLoginRequired,
  renderCalendarToggle,
}: {
  presentation: PublicPresentation;
  showDetails: boolean;
  t: TFunction<"synopsis">;
  slug: string;
  /** The event has both a forum and a quiz. */
  forumAndQuiz: boolean;
  loggedIn: boolean;
  onLoginRequired: (redirectPath: string) => void;
  /** The my-schedule button; a stable function, so that cards are redrawn only when it changes. */
  renderCalendarToggle: (presentation: PublicPresentation) => ReactNode;
}) {
  const [expanded, setExpanded] = useState(false);
  const { _id: id, name, speaker_info: speaker, type_info, association_info } = presentation;
  // One card per presentation in the timetable, so its id makes the element ids unique.
  const nameId = `synopsis-${id}-name`;
  const detailsId = `synopsis-${id}-details`;
  const color = validHexColor(presentation.color_info?.color);
  const time = `${formatMinutes(presentation.time)}–${formatMinutes(presentation.end_time)}`;
  const who = speaker ? speakerName(speaker) : null;

  return (
    <article
      className={styles.card}
      style={color ? ({ "--track": color } as CSSProperties) : undefined}
      aria-labelledby={nameId}
      data-details={showDetails ? "true" : undefined}
      data-expanded={expanded ? "true" : undefined}
      data-presentation-id={id}
      data-minutes={presentation.end_time - presentation.time}
      data-testid="synopsis-card"
    >
      {/* A click anywhere on the card opens it, as in a calendar; the chevron is the keyboard's way. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the chevron button beside it opens the same details from the keyboard */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut to the chevron button */}
      <div
        className={styles.body}
        title={[name, who, time].filter(Boolean).join("\n")}
        onClick={() => {
          const details = document.getElementById(detailsId);
          if (details && !details.matches(":popover-open")) details.showPopover();
        }}
        data-testid="synopsis-card-text"
      >
        {showDetails && speaker ? (
          <span className={styles.picture}>
            <Avatar name={`${speaker.firstName} ${speaker.lastName}`} src={speaker.picture} size={PICTURE_PX} />
          </span>
        ) : null}
        <div className={styles.text}>
          <h5 id={nameId} className={styles.name} data-testid="synopsis-card-name">
            {name}
          </h5>
          {who ? (
            <p className={styles.speaker} data-testid="synopsis-card-speaker">
              {who}
            </p>
          ) : null}
          <p className={styles.meta}>{time}</p>
          {showDetails && (type_info || association_info) ? (
            <ul className={styles.labels}>
              {type_info ? <li className={styles.label}>{type_info.name}</li> : null}
              {association_info ? <li className={styles.label}>{association_info.name}</li> : null}
            </ul>
          ) : null}
        </div>
      </div>
      <button
        type="button"
        className={`${buttons.icon} ${styles.chevron}`}
        aria-expanded={expanded}
        aria-controls={detailsId}
        aria-label={t(expanded ? "card.collapse" : "card.expand", { name })}
        popoverTarget={detailsId}
        data-testid="synopsis-card-expand"
      >
        <ChevronDownIcon />
      </button>
      {/* In the top layer: drawn over the timetable, never clipped by its card or its column. */}
      <div
        id={detailsId}
        popover="auto"
        role="dialog"
        aria-label={name}
        className={styles.popover}
        onBeforeToggle={(event) => setExpanded(event.newState === "open")}
      >
        {expanded ? (
          <SynopsisCardDetails
            popoverId={detailsId}
            presentation={presentation}
            time={time}
            slug={slug}
            forumAndQuiz={forumAndQuiz}
            loggedIn={loggedIn}
            onLoginRequired={onLoginRequired}
            calendarToggle={renderCalendarToggle(presentation)}
          />
        ) : null}
      </div>
    </article>
  );
});
