import { formatMinutes, wallClock } from "@core/schedule/time-of-day";
import { useRouter } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useEventSchedule } from "../../app-state/event-schedule-context";
import { AppLink, useHrefKeepingMode } from "../../components/app-link";
import { QuestionCircleIcon } from "../../components/icons";
import { PresentationNotice } from "../presentation/presentation-notice";
import styles from "./quiz-shortcut-page.module.css";
import { talksInProgress } from "./talks-in-progress";

/** The quiz page each event-wide address leads to, in the talk's own pages. */
const TARGET_MODULE = {
  "quiz-questions": "quiz-questions",
  answers: "quiz",
  podium: "final-podium",
} as const;

export type QuizShortcut = keyof typeof TARGET_MODULE;

/**
 * Spec §2 `/{slug}/quiz-questions`, `/{slug}/answers`, `/{slug}/podium`, addresses without a
 * talk: they open that quiz page of the talk in progress; when several rooms run at once the
 * visitor picks the talk, and when none runs they are told so, with a way to the schedule.
 */
export function QuizShortcutPage({ shortcut }: { shortcut: QuizShortcut }) {
  const { t } = useTranslation("quiz");
  const { event, presentations } = useEventSchedule();
  const href = useHrefKeepingMode();
  const router = useRouter();
  const running = event.quiz ? talksInProgress(presentations, wallClock(new Date(), event.timeZone)) : [];
  const pathOf = (id: number) => href(`/${event.slug}/${id}/${TARGET_MODULE[shortcut]}`);
  const onlyPath = running.length === 1 && running[0] ? pathOf(running[0]._id) : null;
  useEffect(() => {
    // The talk's own page replaces this address, so Back does not bounce here again.
    if (onlyPath) router.history.replace(onlyPath);
  }, [onlyPath, router]);

  if (!event.quiz) {
    return (
      <div className={styles.page}>
        <PresentationNotice icon={<QuestionCircleIcon />} title={t("gate.no-quiz.title")} testId="quiz-off">
          {t("gate.no-quiz.text")}
        </PresentationNotice>
      </div>
    );
  }
  if (onlyPath) return null;
  if (running.length === 0) {
    return (
      <div className={styles.page}>
        <PresentationNotice icon={<QuestionCircleIcon />} title={t("shortcut.none.title")} testId="quiz-shortcut-none">
          {t("shortcut.none.text")}{" "}
          <AppLink href={href(`/${event.slug}`)} className={styles.link}>
            {t("shortcut.schedule")}
          </AppLink>
        </PresentationNotice>
      </div>
    );
  }
  return (
    <section className={styles.page} aria-labelledby="quiz-shortcut-title" data-testid="quiz-shortcut-list">
      <h1 id="quiz-shortcut-title" className={styles.title}>
        {t("shortcut.pick.title")}
      </h1>
      <ul className={styles.list}>
        {running.map((talk) => (
          <li key={talk._id}>
            <AppLink href={pathOf(talk._id)} className={styles.talk}>
              <span className={styles.name}>{talk.name}</span>
              <span className={styles.meta}>
                {`${formatMinutes(talk.time)}–${formatMinutes(talk.end_time)}`}
                {talk.room_info ? ` · ${talk.room_info.name}` : ""}
              </span>
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
