import type { ResultsQuestion } from "@core/quiz/leaderboard-table";
import { useTranslation } from "react-i18next";
import { OptionLetter } from "../../components/quiz/answer-options";
import { CheckIcon } from "../../components/quiz/quiz-icons";
import styles from "./vote-bars.module.css";

/**
 * Spec §2 per-question votes: how many choices from how many players, then each option as a
 * horizontal bar with how many players chose it and their share of the question's players; the
 * right options marked (a survey has none: its bars stay neutral). The bars
 * are drawn for the eye; the same numbers are written out for everyone.
 */
export function VoteBars({
  question,
  position,
  count,
}: {
  question: ResultsQuestion;
  position: number;
  count: number;
}) {
  const { t, i18n } = useTranslation(["quiz-self", "quiz"]);
  // Each player may choose several options of a multi-answer question: the choices are counted,
  // and each option's share is that of the players who chose it.
  const choices = question.options.reduce((sum, option) => sum + option.votes, 0);
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 0 });
  const headingId = `quiz-votes-${question.id}`;
  return (
    <section
      className={styles.question}
      data-survey={question.is_survey}
      aria-labelledby={headingId}
      data-testid="quiz-results-question"
    >
      <p className={styles.meta}>
        <span>{t("quiz:question.position", { index: position, total: count })}</span>
        {question.is_survey ? <span className={styles.survey}>{t("quiz:question.survey")}</span> : null}
        <span data-testid="quiz-results-answered">
          {t("quiz-self:results.answered", {
            choices: t("quiz-self:results.choices", { count: choices }),
            players: t("quiz-self:results.players", { count: question.players }),
          })}
        </span>
      </p>
      <h3 id={headingId} className={styles.text}>
        {question.question}
      </h3>
      <ul className={styles.bars}>
        {question.options.map((option, index) => {
          const share = question.players > 0 ? option.votes / question.players : 0;
          return (
            <li
              key={option.id}
              className={styles.bar}
              data-correct={option.correct}
              data-votes={option.votes}
              data-testid="quiz-results-option"
            >
              <div className={styles.label}>
                <OptionLetter index={index} className={styles.letter} />
                <span className={styles.optionText}>{option.option}</span>
                {option.correct ? (
                  <span className={styles.correct}>
                    <CheckIcon />
                    {t("quiz:option.correct")}
                  </span>
                ) : null}
                <span className={styles.count}>
                  {t("quiz-self:results.picked", { count: option.votes, percent: percent.format(share) })}
                </span>
              </div>
              <span className={styles.track} aria-hidden="true">
                <span className={styles.fill} style={{ inlineSize: `${share * 100}%` }} />
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
