import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link";
import buttons from "../../components/button.module.css";
import { BroadcastIcon, QuestionCircleIcon } from "../../components/icons";
import { checkQuizLive } from "./quiz-api";
import styles from "./quiz-panels.module.css";

/**
 * The manage-quiz entry to run the live quiz (`quiz-moderator`'s sidebar): opens the moderator's
 * lobby, and the big screen in a new tab for the projector.
 */
export function QuizManagePanel({ slug, presentationId }: { slug: string; presentationId: number }) {
  const { t } = useTranslation("quiz");
  const base = `/${slug}/${presentationId}`;
  return (
    <section
      className={`${styles.panel} ${styles.manage}`}
      aria-labelledby="quiz-manage-title"
      data-testid="quiz-manage"
    >
      <span className={styles.icon}>
        <BroadcastIcon />
      </span>
      <h2 id="quiz-manage-title" className={styles.title}>
        {t("manage.title")}
      </h2>
      <p className={styles.text}>{t("manage.text")}</p>
      <div className={styles.actions}>
        <AppLink className={buttons.primary} href={`${base}/quiz-user-list`} data-testid="quiz-open-lobby">
          {t("action.open-lobby")}
        </AppLink>
        <a
          className={styles.secondary}
          href={`${base}/screen-user-list`}
          target="_blank"
          rel="noopener"
          data-testid="quiz-open-screen"
        >
          {t("action.open-screen")}
        </a>
      </div>
    </section>
  );
}

/**
 * The attendee's quiz module (`quiz`): the live check sends a live quiz's players to the join
 * page ('Live mode, WIP' here); the self-paced quiz is not available yet.
 */
export function QuizPlayPanel({ slug, presentationId }: { slug: string; presentationId: number }) {
  const { t } = useTranslation("quiz");
  const [live, setLive] = useState<boolean | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    checkQuizLive(presentationId, controller.signal)
      .then(setLive)
      .catch(() => {
        if (!controller.signal.aborted) setLive(false);
      });
    return () => controller.abort();
  }, [presentationId]);
  if (live === null) return null;
  return (
    <section
      className={styles.panel}
      aria-labelledby="quiz-play-title"
      data-testid={live ? "quiz-live-wip" : "quiz-soon"}
    >
      <span className={styles.icon}>
        <QuestionCircleIcon />
      </span>
      <h2 id="quiz-play-title" className={styles.title}>
        {live ? t("play.live-title") : t("play.soon-title")}
      </h2>
      <p className={styles.text}>{live ? t("play.live-text") : t("play.soon-text")}</p>
      {live ? (
        <div className={styles.actions}>
          <AppLink className={buttons.primary} href={`/${slug}/quiz-live`} data-testid="quiz-play-join">
            {t("player.join")}
          </AppLink>
        </div>
      ) : null}
    </section>
  );
}
