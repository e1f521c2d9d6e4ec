import type { QaQuestion } from "@core/qa/changes";
import { useTranslation } from "react-i18next";
import styles from "./featured-question-screen.module.css";

/** An audience question full-screen, as large as its length allows, with its votes and who asked. */
export function FeaturedQuestionScreen({ question }: { question: QaQuestion }) {
  const { t } = useTranslation("qa");
  return (
    <figure className={styles.featured} data-testid="qa-screen-featured">
      <blockquote className={styles.text} data-long={question.question.length > 140 || undefined}>
        {question.question}
      </blockquote>
      <figcaption className={styles.caption}>
        <span>{question.author ?? t("author.anonymous")}</span>
        <span aria-hidden="true">·</span>
        <span>{t("votes", { count: question.votes })}</span>
      </figcaption>
    </figure>
  );
}
