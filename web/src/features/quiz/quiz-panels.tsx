import { useTranslation } from "react-i18next";
import { ButtonLink } from "../../components/button";
import { BroadcastIcon } from "../../components/icons";
import styles from "../../components/quiz/quiz-panels.module.css";

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
        <ButtonLink href={`${base}/quiz-user-list`} data-testid="quiz-open-lobby">
          {t("action.open-lobby")}
        </ButtonLink>
        <ButtonLink
          variant="secondary"
          external
          href={`${base}/screen-user-list`}
          target="_blank"
          rel="noopener"
          data-testid="quiz-open-screen"
        >
          {t("action.open-screen")}
        </ButtonLink>
      </div>
    </section>
  );
}
