import { groupByDay } from "@core/schedule/day-numbering";
import type { PublicSchedule } from "@core/schedule/public-schedule";
import { presentationsOfSpeaker } from "@core/schedule/schedule-search";
import { type ReactNode, useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { MyPresentationCard } from "./my-presentation-card";
import styles from "./my-presentations.module.css";

/**
 * Spec §2 `/{event_slug}/my-presentations`: the presentations the logged-in speaker gives in the
 * event, by date then time. `speakerId` null is a user who is not a speaker: told so. `footer`
 * adds to each card what the route composes (its feedback summary).
 */
export function MyPresentations({
  schedule,
  speakerId,
  footer,
}: {
  schedule: PublicSchedule;
  speakerId: number | null;
  footer?: (presentation: PublicSchedule["presentations"][number]) => ReactNode;
}) {
  const { t } = useTranslation("schedule");
  const titleId = useId();
  const { event } = schedule;
  const mine = useMemo(
    () =>
      speakerId === null
        ? []
        : groupByDay(presentationsOfSpeaker(schedule.presentations, speakerId)).flatMap((day) => day.presentations),
    [schedule.presentations, speakerId],
  );

  return (
    <section className={styles.page} aria-labelledby={titleId} data-testid="my-presentations">
      <h2 id={titleId} className={styles.title}>
        {t("my-presentations.title")}
      </h2>
      {speakerId === null ? (
        <p className={styles.empty} data-testid="my-presentations-not-speaker">
          {t("my-presentations.not-speaker")}
        </p>
      ) : mine.length === 0 ? (
        <p className={styles.empty} data-testid="my-presentations-empty">
          {t("my-presentations.empty")}
        </p>
      ) : (
        <ol className={styles.cards}>
          {mine.map((presentation) => (
            <li key={presentation._id}>
              <MyPresentationCard presentation={presentation} slug={event.slug} withForum={event.forum}>
                {footer?.(presentation)}
              </MyPresentationCard>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
