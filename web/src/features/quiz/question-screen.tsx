import { currentQuestion, type QuizState, timerRemainingMs } from "@core/quiz/model";
import { votes } from "@core/quiz/selectors";
import { useTranslation } from "react-i18next";
import { optionColor, optionGridStyle, optionLetter } from "../../components/quiz/option-layout";
import { QuestionMedia } from "../../components/quiz/question-media";
import { CheckIcon, CrossIcon } from "../../components/quiz/quiz-icons";
import { useNow } from "../../components/quiz/use-now";
import { CountdownCircle } from "./countdown-circle";
import styles from "./question-screen.module.css";
import type { QuizTexts } from "./use-quiz-texts";

/**
 * Spec §2 quiz-live screen (big screen and moderator): the question, its countdown, the options
 * a, b, c… in the layout for their number, and once results are shown, right and wrong with the
 * votes. The moderator also sees which options are right before that. A question's video plays
 * by itself on the big screen; the moderator has its controls. `answered` is the room's counter:
 * the big screen is not sent the answers before the results.
 */
export function QuestionScreen({
  state,
  answered,
  texts,
  clockOffsetMs,
  variant,
}: {
  state: QuizState;
  answered: number;
  texts: QuizTexts;
  clockOffsetMs: number;
  variant: "screen" | "moderator";
}) {
  const { t } = useTranslation("quiz");
  const question = currentQuestion(state);
  const running = state.phase === "answering";
  const now = useNow(running);
  if (!question) return null;
  const text = texts.get(question.id);
  // Once answering ended (time up or results), the countdown reads 0, not the time left unused.
  const ended = state.phase === "closed" && (state.resultVisible || state.timerSpentMs > 0);
  const remainingMs = ended ? 0 : timerRemainingMs(state, now + clockOffsetMs);
  const counts = state.resultVisible ? votes(state, question.id) : null;
  const total = Math.max(1, answered);
  const status = state.resultVisible
    ? question.isSurvey
      ? t("status.votes")
      : t("status.results")
    : state.phase === "paused"
      ? t("status.paused")
      : state.phase === "answering"
        ? null
        : t("status.time-up");

  return (
    <div className={styles.screen} key={question.id}>
      <section className={styles.card} aria-labelledby="quiz-question-text">
        <h2 id="quiz-question-text" className={styles.question} data-testid="quiz-question-text">
          {text?.question ?? t("question.position", { index: state.questionIndex + 1, total: state.questions.length })}
        </h2>
        {question.isSurvey ? <span className={styles.surveyTag}>{t("question.survey")}</span> : null}
      </section>

      <div className={styles.middle}>
        <CountdownCircle remainingMs={remainingMs} limitMs={question.limitMs} running={running} />
        <div className={styles.media}>
          {text ? <QuestionMedia question={text} variant={variant} className={styles.image} /> : null}
          {status ? (
            <p className={styles.status} data-testid="quiz-status">
              {status}
            </p>
          ) : null}
        </div>
        <div className={styles.answered}>
          <span className={styles.answeredCount} data-testid="quiz-answered-count">
            {answered}
          </span>
          <span className={styles.answeredLabel}>{t("counters.answers", { count: answered })}</span>
        </div>
      </div>

      <ol className={styles.options} style={optionGridStyle(question.optionIds.length)} data-testid="quiz-options">
        {question.optionIds.map((optionId, index) => {
          const correct = question.correctOptionIds.includes(optionId);
          const mark = question.isSurvey
            ? undefined
            : state.resultVisible
              ? correct
                ? "correct"
                : "wrong"
              : variant === "moderator" && correct
                ? "hint"
                : undefined;
          const count = counts?.[optionId] ?? 0;
          return (
            <li
              key={optionId}
              className={styles.option}
              style={{ ...optionColor(index), animationDelay: `${index * 70}ms` }}
              data-mark={mark}
              data-votes={counts ? count : undefined}
              data-testid="quiz-option"
            >
              {counts ? (
                <span className={styles.bar} style={{ inlineSize: `${(count / total) * 100}%` }} aria-hidden="true" />
              ) : null}
              <span className={styles.letter} aria-hidden="true">
                {optionLetter(index)}
              </span>
              <span className={styles.optionText}>
                <span className="visually-hidden">{`${optionLetter(index)}. `}</span>
                {text?.options.find((option) => option.id === optionId)?.option ?? ""}
              </span>
              {counts ? (
                <span className={styles.votes}>
                  {count}
                  <span className="visually-hidden">{t("counters.votes", { count })}</span>
                </span>
              ) : null}
              {mark === "correct" || mark === "hint" ? (
                <span className={styles.markIcon} title={t("option.correct")}>
                  <CheckIcon />
                  <span className="visually-hidden">{t("option.correct")}</span>
                </span>
              ) : mark === "wrong" ? (
                <span className={styles.markIcon}>
                  <CrossIcon />
                  <span className="visually-hidden">{t("option.wrong")}</span>
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
