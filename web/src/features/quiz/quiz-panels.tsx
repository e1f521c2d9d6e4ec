import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "../../components/app-link";
import buttons from "../../components/button.module.css";
import { BroadcastIcon, QuestionCircleIcon } from "../../components/icons";
import { checkQuizLive } from "./quiz-api";
import styles from "./quiz-panels.module.css";
import { useQuizTexts } from "./use-quiz-texts";

/**
 * The manage-quiz entry (`quiz-moderator`): opens the moderator's lobby or the big screen, and
 * lists the questions that the live quiz will ask.
 */
export function QuizManagePanel({
  slug,
  presentationId,
  password,
}: {
  slug: string;
  presentationId: number;
  password: string | null;
}) {
  const { t } = useTranslation("quiz");
  const texts = [...useQuizTexts(presentationId, password, null).values()];
  const base = `/${slug}/${presentationId}`;
  return (
    <section className={styles.panel} aria-labelledby="quiz-manage-title" data-testid="quiz-manage">
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
      <div className={styles.questions}>
        <h3 className={styles.subtitle}>{t("manage.questions", { count: texts.length })}</h3>
        {texts.length === 0 ? (
          <p className={styles.text}>{t("manage.no-questions")}</p>
        ) : (
          <ol className={styles.list} data-testid="quiz-manage-questions">
            {texts.map((question) => (
              <li key={question.id}>
                <span>{question.question}</span>
                {question.is_survey ? <span className={styles.tag}>{t("question.survey")}</span> : null}
                {question.answer_count > 1 ? (
                  <span className={styles.tag}>{t("manage.multiple", { count: question.answer_count })}</span>
                ) : null}
              </li>
            ))}
          </ol>
        )}
        <p className={styles.note}>{t("manage.editor-soon")}</p>
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
