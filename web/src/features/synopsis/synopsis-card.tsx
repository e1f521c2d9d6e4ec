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

const PICTURE_PX = 32;

/**
 * One presentation in the timetable (spec §2 Synopsis): name, time and speaker; from the 50 % zoom
 * its picture, room, type and association. A compact card holds its name and time. The chevron
 * shows every field, FORUM and QUIZ when the event has both, and the my-schedule button.
 *
 * Drawn a thousand times on a large event, so a closed card has no hook but its own state: the
 * translation comes from the grid, and the details mount only when opened.
 */
export const SynopsisCard = memo(function SynopsisCard({
  presentation,
  compact,
  showDetails,
  t,
  slug,
  forumAndQuiz,
  loggedIn,
  onLoginRequired,
  renderCalendarToggle,
}: {
  presentation: PublicPresentation;
  compact: boolean;
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
  const { _id: id, name, speaker_info: speaker, room_info, type_info, association_info } = presentation;
  // One card per presentation in the timetable, so its id makes the element ids unique.
  const nameId = `synopsis-${id}-name`;
  const detailsId = `synopsis-${id}-details`;
  const color = validHexColor(presentation.color_info?.color);
  const time = `${formatMinutes(presentation.time)}–${formatMinutes(presentation.end_time)}`;
  const rich = showDetails || expanded;

  return (
    <article
      className={styles.card}
      style={color ? ({ "--track": color } as CSSProperties) : undefined}
      aria-labelledby={nameId}
      data-compact={compact ? "true" : undefined}
      data-details={rich ? "true" : undefined}
      data-expanded={expanded ? "true" : undefined}
      data-presentation-id={id}
      data-testid="synopsis-card"
    >
      {compact && !expanded ? (
        <p className={styles.line}>
          <span id={nameId} className={styles.lineName}>
            {name}
          </span>
          <span className={styles.lineTime}>{time}</span>
        </p>
      ) : (
        <div className={styles.head}>
          {rich && speaker ? (
            <span className={styles.picture}>
              <Avatar name={`${speaker.firstName} ${speaker.lastName}`} src={speaker.picture} size={PICTURE_PX} />
            </span>
          ) : null}
          <div className={styles.text}>
            <h5 id={nameId} className={styles.name}>
              {name}
            </h5>
            <p className={styles.meta}>
              {time}
              {rich && room_info ? ` · ${room_info.name}` : null}
            </p>
            {rich && speaker ? <p className={styles.speaker}>{speakerName(speaker)}</p> : null}
          </div>
        </div>
      )}
      {rich && (type_info || association_info) && !(compact && !expanded) ? (
        <ul className={styles.labels}>
          {type_info ? <li className={styles.label}>{type_info.name}</li> : null}
          {association_info ? <li className={styles.label}>{association_info.name}</li> : null}
        </ul>
      ) : null}
      {expanded ? (
        <SynopsisCardDetails
          id={detailsId}
          presentation={presentation}
          slug={slug}
          forumAndQuiz={forumAndQuiz}
          loggedIn={loggedIn}
          onLoginRequired={onLoginRequired}
          calendarToggle={renderCalendarToggle(presentation)}
        />
      ) : null}
      <button
        type="button"
        className={`${buttons.icon} ${styles.chevron}`}
        aria-expanded={expanded}
        aria-controls={detailsId}
        aria-label={t(expanded ? "card.collapse" : "card.expand", { name })}
        onClick={() => setExpanded((open) => !open)}
        data-testid="synopsis-card-expand"
      >
        <ChevronDownIcon />
      </button>
    </article>
  );
});
