import { formatLongDate } from "@core/schedule/format-dates";
import type { PublicPresentation } from "@core/schedule/public-schedule";
import { speakerName } from "@core/schedule/speaker-name";
import { formatMinutes } from "@core/schedule/time-of-day";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/avatar";
import { ArrowLeftIcon, ClockIcon, PinIcon } from "../../components/icons";
import { RichHtml } from "../../components/rich-html";
import styles from "./presentation-header.module.css";
import { presentationSubtitle } from "./presentation-subtitle";

const SPEAKER_PICTURE_PX = 76;

/**
 * The head of a presentation's page: back to the event home (query kept; hidden with
 * viewmode=videolanding), day, date, time and room, name and subtitle, speakers and, on the
 * presentation page itself, its abstract and information. On a module's page the name links back
 * to that page.
 */
export function PresentationHeader({
  slug,
  presentation,
  showDates,
  showBackLink,
  details,
}: {
  slug: string;
  presentation: PublicPresentation;
  showDates: boolean;
  showBackLink: boolean;
  /** The abstract and information HTML: on the presentation page, not above a module. */
  details: boolean;
}) {
  const { t, i18n } = useTranslation("forum");
  const start = formatMinutes(presentation.time);
  const end = formatMinutes(presentation.end_time);
  const subtitle = presentationSubtitle(presentation);
  const givenAbstract = presentation.abstract?.trim();
  // An abstract that only repeats the subtitle (some exports write both alike) is not said twice.
  const abstract = givenAbstract === subtitle ? undefined : givenAbstract;

  return (
    <header className={styles.header} data-testid="presentation-header">
      {showBackLink ? (
        <Link
          to="/$slug"
          params={{ slug }}
          search={(current) => current}
          className={styles.back}
          data-testid="back-to-event"
        >
          <ArrowLeftIcon className={styles.backIcon} />
          {t("presentation.back")}
        </Link>
      ) : null}
      <div className={styles.card}>
        {showDates || presentation.room_info ? (
          <p className={styles.when}>
            {showDates ? (
              <>
                <span className={styles.day}>{t("presentation.day", { number: presentation.day })}</span>
                <span>{formatLongDate(presentation.date, i18n.language)}</span>
                <span className={styles.fact}>
                  <ClockIcon className={styles.factIcon} />
                  <span className="visually-hidden">{t("presentation.time", { start, end })}</span>
                  <span aria-hidden="true">
                    {start}–{end}
                  </span>
                </span>
              </>
            ) : null}
            {presentation.room_info ? (
              <span className={styles.fact}>
                <PinIcon className={styles.factIcon} />
                <span className="visually-hidden">{t("presentation.room")} </span>
                {presentation.room_info.name}
              </span>
            ) : null}
          </p>
        ) : null}
        <hgroup className={styles.title}>
          <h2 className={styles.name} data-testid="presentation-name">
            {details ? (
              presentation.name
            ) : (
              <Link
                to="/$slug/$presentationId"
                params={{ slug, presentationId: String(presentation._id) }}
                search={(current) => current}
                className={styles.nameLink}
              >
                {presentation.name}
              </Link>
            )}
          </h2>
          {subtitle ? (
            <p className={styles.subtitle} data-testid="presentation-subtitle">
              {subtitle}
            </p>
          ) : null}
        </hgroup>
        {presentation.speakers.length > 0 ? (
          <ul className={styles.speakers} aria-label={t("presentation.speakers")}>
            {presentation.speakers.map((speaker) => (
              <li key={speaker._id}>
                <Link
                  to="/$slug/speakers/$speakerId"
                  params={{ slug, speakerId: String(speaker._id) }}
                  search={(current) => current}
                  className={styles.speaker}
                  data-testid="presentation-speaker-link"
                >
                  <Avatar name={speakerName(speaker)} src={speaker.picture} size={SPEAKER_PICTURE_PX} />
                  <span className={styles.speakerName}>{speakerName(speaker)}</span>
                </Link>
              </li>
            ))}
          </ul>
        ) : null}
        {details && (abstract || presentation.information) ? (
          <div className={styles.details}>
            {abstract ? <p className={styles.abstract}>{abstract}</p> : null}
            {presentation.information ? <RichHtml html={presentation.information} /> : null}
          </div>
        ) : null}
      </div>
    </header>
  );
}
