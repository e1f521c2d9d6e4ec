import { groupByDay } from "@core/schedule/day-numbering";
import type { PublicSchedule } from "@core/schedule/public-schedule";
import { presentationsOfSpeaker } from "@core/schedule/schedule-search";
import { type ReactNode, useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Card } from "../../components/card";
import { EmptyState } from "../../components/empty-state";
import { PresentationIcon } from "../../components/icons";
import { PageHeader } from "../../components/page-header";
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
      <PageHeader title={t("my-presentations.title")} titleId={titleId} />
      {speakerId === null ? (
        <Card>
          <EmptyState
            compact
            icon={<PresentationIcon />}
            title={t("my-presentations.not-speaker")}
            testId="my-presentations-not-speaker"
          />
        </Card>
      ) : mine.length === 0 ? (
        <Card>
          <EmptyState
            compact
            icon={<PresentationIcon />}
            title={t("my-presentations.empty")}
            testId="my-presentations-empty"
          />
        </Card>
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
