import type { PublicPresentation } from "@core/schedule/public-schedule";
import { validHexColor } from "@core/schedule/readable-colors";
import { speakerName } from "@core/schedule/speaker-name";
import { formatMinutes } from "@core/schedule/time-of-day";
import { type CSSProperties, Fragment, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { AppLink, useHrefKeepingMode } from "../../components/app-link";
import { Avatar } from "../../components/avatar";
import buttons from "../../components/button.module.css";
import { ChevronDownIcon, EyeIcon, PinIcon } from "../../components/icons";
import type { PresentationButtons } from "../../lib/presentation-buttons";
import { PresentationActions } from "./presentation-actions";
import styles from "./presentation-card.module.css";
import { PresentationName } from "./presentation-name";
import { RichHtmlLater } from "./rich-html-later";

const SPEAKER_PICTURE_PX = 76;

/**
 * One presentation of the schedule list (spec §2): speaker, name, time, room, type, colour,
 * association, its buttons, the my-schedule toggle, and behind the chevron its abstract,
 * information and an 'Add to calendar' file.
 */
export function PresentationCard({
  presentation,
  slug,
  showTime,
  shortenName,
  buttons: shown,
  userId,
  addToCalendar,
  plays,
  scheduleToggle,
  notice,
  onLoginRequired,
}: {
  presentation: PublicPresentation;
  slug: string;
  showTime: boolean;
  shortenName: boolean;
  buttons: PresentationButtons;
  userId: number | null;
  /** The download of the presentation's own .ics file. */
  addToCalendar: ReactNode;
  /** Video plays, when the event shows them (show_video_views); else null. */
  plays: number | null;
  scheduleToggle: ReactNode;
  /** A line about the card in its list (my schedule: the talks it overlaps). */
  notice?: ReactNode;
  onLoginRequired: (redirectPath: string) => void;
}) {
  const { t } = useTranslation("schedule");
  const [expanded, setExpanded] = useState(false);
  const href = useHrefKeepingMode();
  const detailsId = useId();
  const nameId = useId();
  const {
    name,
    speakers,
    speaker_info: mainSpeaker,
    room_info,
    type_info,
    color_info,
    association_info,
  } = presentation;
  const color = validHexColor(color_info?.color);
  const start = formatMinutes(presentation.time);
  const end = formatMinutes(presentation.end_time);

  return (
    <article
      className={styles.card}
      style={color ? ({ "--track": color } as CSSProperties) : undefined}
      aria-labelledby={nameId}
      data-untimed={showTime ? undefined : "true"}
      data-presentation-id={presentation._id}
      data-testid="presentation-card"
    >
      {showTime || room_info ? (
        <div className={styles.when}>
          {showTime ? (
            <p className={styles.time}>
              <span className="visually-hidden">{t("time.range", { start, end })}</span>
              <span aria-hidden="true">
                <time dateTime={start} className={styles.start}>
                  {start}
                </time>
                <span className={styles.end}>
                  <span className={styles.dash}>–</span>
                  <time dateTime={end}>{end}</time>
                </span>
              </span>
            </p>
          ) : null}
          {room_info ? (
            <p className={styles.room}>
              <PinIcon className={styles.roomIcon} />
              <span className="visually-hidden">{t("room")} </span>
              {room_info.name}
            </p>
          ) : null}
        </div>
      ) : null}

      {mainSpeaker ? (
        <div className={styles.picture}>
          <Avatar
            name={`${mainSpeaker.firstName} ${mainSpeaker.lastName}`}
            src={mainSpeaker.picture}
            size={SPEAKER_PICTURE_PX}
          />
        </div>
      ) : null}

      <div className={styles.body}>
        <PresentationName id={nameId} name={name} shorten={shortenName} />
        {speakers.length > 0 ? (
          <p className={styles.speakers}>
            <span className="visually-hidden">{t("speakers")} </span>
            {speakers.map((speaker, index) => (
              <Fragment key={speaker._id}>
                {index > 0 ? ", " : null}
                <AppLink
                  className={styles.speakerLink}
                  href={href(`/${encodeURIComponent(slug)}/speakers/${speaker._id}`)}
                  data-testid="card-speaker-link"
                >
                  {speakerName(speaker)}
                </AppLink>
              </Fragment>
            ))}
          </p>
        ) : null}
        {color_info || type_info || association_info || plays !== null ? (
          <ul className={styles.tags}>
            {color_info ? (
              <li className={styles.tag}>
                <span className={styles.swatch} aria-hidden="true" />
                <span className="visually-hidden">{t("track")} </span>
                {color_info.name}
              </li>
            ) : null}
            {type_info ? (
              <li className={styles.tag}>
                {type_info.icon ? (
                  <img className={styles.tagIcon} src={type_info.icon} alt="" width={16} height={16} />
                ) : null}
                <span className="visually-hidden">{t("type")} </span>
                {type_info.name}
              </li>
            ) : null}
            {association_info ? (
              <li className={`${styles.tag} ${styles.association}`}>
                {association_info.logo ? (
                  <img className={styles.associationLogo} src={association_info.logo} alt="" height={20} />
                ) : null}
                {association_info.name}
              </li>
            ) : null}
            {plays !== null ? (
              <li className={styles.tag} data-testid="plays-counter">
                <EyeIcon className={styles.tagIcon} aria-hidden="true" />
                {t("plays", { count: plays })}
              </li>
            ) : null}
          </ul>
        ) : null}
        {notice ? <div className={styles.notice}>{notice}</div> : null}
        <PresentationActions
          slug={slug}
          presentationId={presentation._id}
          roomId={presentation.room_info?._id ?? null}
          pdfUrl={presentation.pdfUrl}
          buttons={shown}
          userId={userId}
          onLoginRequired={onLoginRequired}
        />
      </div>

      <div className={styles.controls}>
        <button
          type="button"
          className={`${buttons.icon} ${styles.toggle}`}
          aria-expanded={expanded}
          aria-controls={detailsId}
          aria-label={t(expanded ? "details.hide" : "details.show", { name })}
          onClick={() => setExpanded((open) => !open)}
          data-testid="card-expand"
        >
          <ChevronDownIcon />
        </button>
        {scheduleToggle}
      </div>

      {expanded ? (
        <div id={detailsId} className={styles.details} data-testid="card-details">
          {presentation.abstract?.trim() ? <p className={styles.abstract}>{presentation.abstract}</p> : null}
          {presentation.information ? <RichHtmlLater html={presentation.information} /> : null}
          {addToCalendar}
        </div>
      ) : null}
    </article>
  );
}
