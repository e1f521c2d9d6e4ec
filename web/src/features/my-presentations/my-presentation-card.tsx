import { formatLongDate } from "@core/schedule/format-dates";
import type { PublicPresentation } from "@core/schedule/public-schedule";
import { speakerName } from "@core/schedule/speaker-name";
import { formatMinutes } from "@core/schedule/time-of-day";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AppLink, useHrefKeepingMode } from "../../components/app-link";
import { ChatBubblesIcon, ClockIcon, PinIcon, PlayCircleIcon } from "../../components/icons";
import styles from "./my-presentations.module.css";

/**
 * One of the speaker's presentations (spec §2 "Speaker view of presentations: cards with My videos
 * and forum buttons"): name, speakers, date, time range and room. FORUM shows when the event has a forum.
 */
export function MyPresentationCard({
  presentation,
  slug,
  withForum,
  children,
}: {
  presentation: PublicPresentation;
  slug: string;
  withForum: boolean;
  /** What the page adds under the card's actions (the talk's feedback summary). */
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation("schedule");
  const href = useHrefKeepingMode();
  const start = formatMinutes(presentation.time);
  const end = formatMinutes(presentation.end_time);
  const base = `/${slug}/${presentation._id}`;

  return (
    <article className={styles.card} data-presentation-id={presentation._id} data-testid="my-presentation-card">
      <h3 className={styles.name}>{presentation.name}</h3>
      {presentation.speakers.length > 0 ? (
        <p className={styles.speakers}>
          <span className="visually-hidden">{t("speakers")} </span>
          {presentation.speakers.map(speakerName).join(", ")}
        </p>
      ) : null}
      <ul className={styles.facts}>
        <li className={styles.fact}>
          <ClockIcon className={styles.factIcon} />
          <span>{formatLongDate(presentation.date, i18n.language)}</span>
          <span className="visually-hidden">{t("time.range", { start, end })}</span>
          <span aria-hidden="true">
            {start}–{end}
          </span>
        </li>
        {presentation.room_info ? (
          <li className={styles.fact}>
            <PinIcon className={styles.factIcon} />
            <span className="visually-hidden">{t("room")} </span>
            {presentation.room_info.name}
          </li>
        ) : null}
      </ul>
      <div className={styles.actions}>
        <AppLink
          className={styles.action}
          href={href(`/${slug}/my-presentations/${presentation._id}/videos`)}
          data-testid="my-videos"
        >
          <PlayCircleIcon />
          {t("my-presentations.my-videos")}
        </AppLink>
        {withForum ? (
          <AppLink className={styles.action} href={href(`${base}/forum`)} data-testid="forum-link">
            <ChatBubblesIcon />
            {t("action.forum")}
          </AppLink>
        ) : null}
      </div>
      {children}
    </article>
  );
}
