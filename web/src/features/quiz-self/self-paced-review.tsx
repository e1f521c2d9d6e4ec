import type { SelfPacedResult } from "@core/quiz/self-paced";
import { useTranslation } from "react-i18next";
import { ButtonLink } from "../../components/button";
import { OptionLetter } from "../../components/quiz/answer-options";
import { QuestionMedia } from "../../components/quiz/question-media";
import { CheckIcon, CrossIcon } from "../../components/quiz/quiz-icons";
import styles from "./self-paced-review.module.css";
import { useHeadingFocus } from "./use-heading-focus";

type Outcome = "correct" | "wrong" | "survey";

const outcomeOf = (result: SelfPacedResult): Outcome =>
  result.correct === null ? "survey" : result.correct ? "correct" : "wrong";

/**
 * Spec §4: once every question is answered and the results are open, each question with the
 * user's answers, marked right or wrong, and the points it earned.
 */
export function SelfPacedReview({
  results,
  resultsHref,
  takeFocus,
}: {
  results: SelfPacedResult[];
  resultsHref: string;
  /** The review replaced the last question, where the keyboard focus was. */
  takeFocus: boolean;
}) {
  const { t, i18n } = useTranslation(["quiz-self", "quiz"]);
  const format = new Intl.NumberFormat(i18n.language);
  const scored = results.filter((result) => result.correct !== null);
  const right = scored.filter((result) => result.correct).length;
  const points = results.reduce((sum, result) => sum + result.points, 0);
  const heading = useHeadingFocus(takeFocus);
  return (
    <section className={styles.review} aria-labelledby="quiz-self-review-title" data-testid="quiz-self-review">
      <header className={styles.summary}>
        <h2 id="quiz-self-review-title" ref={heading} tabIndex={-1} className={styles.title}>
          {t("quiz-self:review.title")}
        </h2>
        <p className={styles.score} data-testid="quiz-self-total">
          {t("quiz-self:review.total", { points: format.format(points) })}
        </p>
        {scored.length > 0 ? (
          <p className={styles.muted}>{t("quiz-self:review.right", { count: right, total: scored.length })}</p>
        ) : null}
        <ButtonLink href={resultsHref} data-testid="quiz-self-leaderboard-link">
          {t("quiz-self:review.leaderboard")}
        </ButtonLink>
      </header>
      <ol className={styles.questions}>
        {results.map((result, index) => {
          const outcome = outcomeOf(result);
          return (
            <li key={result.id} className={styles.question} data-outcome={outcome} data-testid="quiz-self-result">
              <div className={styles.questionHead}>
                <span className={styles.position}>
                  {t("quiz:question.position", { index: index + 1, total: results.length })}
                </span>
                <span className={styles.outcome} data-testid="quiz-self-outcome">
                  {outcome === "survey" ? null : outcome === "correct" ? <CheckIcon /> : <CrossIcon />}
                  {t(`quiz-self:review.outcome.${outcome}`)}
                  {outcome === "survey" ? null : (
                    <span className={styles.points}>
                      {t("quiz-self:review.points", { points: format.format(result.points) })}
                    </span>
                  )}
                </span>
              </div>
              <h3 className={styles.text}>{result.question}</h3>
              <QuestionMedia question={result} variant="player" className={styles.media} />
              <ul className={styles.options}>
                {result.options.map((option, optionIndex) => {
                  const mine = result.my_option_ids.includes(option.id);
                  const mark =
                    outcome === "survey" ? undefined : option.correct ? "correct" : mine ? "wrong" : undefined;
                  return (
                    <li
                      key={option.id}
                      className={styles.option}
                      data-mine={mine}
                      data-mark={mark}
                      data-testid="quiz-self-result-option"
                    >
                      <OptionLetter index={optionIndex} className={styles.letter} />
                      <span className={styles.optionText}>{option.option}</span>
                      {mine ? <span className={styles.tag}>{t("quiz-self:review.mine")}</span> : null}
                      {mark ? (
                        <span className={styles.markIcon}>
                          {mark === "correct" ? <CheckIcon /> : <CrossIcon />}
                          <span className="visually-hidden">
                            {mark === "correct" ? t("quiz:option.correct") : t("quiz:option.wrong")}
                          </span>
                        </span>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
              {result.my_option_ids.length === 0 ? (
                <p className={styles.muted}>{t("quiz-self:review.unanswered")}</p>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
