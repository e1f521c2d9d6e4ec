import type { SelfPacedQuestion as Question } from "@core/quiz/self-paced";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AnswerOptions } from "../../components/quiz/answer-options";
import { isSelectionComplete, toggleOption } from "../../components/quiz/answer-selection";
import { QuestionMedia } from "../../components/quiz/question-media";
import { useNow } from "../../components/quiz/use-now";
import { useSecondsFormat } from "../../components/quiz/use-seconds-format";
import { asApiError } from "../../lib/api";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { useSingleFlight } from "../../lib/use-single-flight";
import styles from "./self-paced-question.module.css";
import { useHeadingFocus } from "./use-heading-focus";

/**
 * One unanswered question of the self-paced quiz: its medium, the options, the elapsed time and
 * the submit button. The time shown is the player's guide only: the server measures the score's
 * time from when it served the question (`elapsed_ms` carries that over a reload).
 */
export function SelfPacedQuestion({
  question,
  position,
  total,
  timerSeconds,
  receivedAt,
  takeFocus,
  onSubmit,
}: {
  question: Question;
  /** 1-based: the answered questions plus this one. */
  position: number;
  total: number;
  timerSeconds: number;
  /** When the page received the question, `Date.now()`. */
  receivedAt: number;
  /** Moves the keyboard focus to the question: it replaced the one just answered, where the focus was. */
  takeFocus: boolean;
  /** Resolves once the answer is recorded; rejects with the server's refusal. */
  onSubmit: (optionIds: number[]) => Promise<void>;
}) {
  const { t } = useTranslation(["quiz-self", "quiz"]);
  const errorText = useApiErrorText();
  const seconds = useSecondsFormat();
  const [selected, setSelected] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sending, send] = useSingleFlight();
  const [stoppedAt, setStoppedAt] = useState<number | null>(null);
  const heading = useHeadingFocus(takeFocus);
  const limitMs = timerSeconds * 1000;
  const timed = !question.is_survey;
  const running = timed && stoppedAt === null;
  const now = useNow(running);
  // Spec §4: counted from when the question was shown, paused on submit, not beyond the timer (nor
  // is the score); shown as the time left, counting down as on the live quiz's screens.
  const elapsedMs = Math.min(limitMs, question.elapsed_ms + (stoppedAt ?? now) - receivedAt);
  const needed = question.is_survey ? 1 : Math.max(1, question.correct_count);
  const multiple = needed > 1;
  const legend = t("quiz-self:question.progress", { index: position, total });

  const choose = (optionId: number) => {
    setError(null);
    setSelected(toggleOption(selected, optionId, needed));
  };

  const submit = () => {
    if (selected.length === 0) {
      setError(t("quiz:answer.select-one"));
      return;
    }
    send(async () => {
      setError(null);
      setStoppedAt(Date.now());
      try {
        await onSubmit(selected);
      } catch (failure) {
        setStoppedAt(null);
        setError(errorText(asApiError(failure)));
      }
    });
  };

  return (
    <form
      className={styles.question}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      aria-labelledby="self-paced-question-text"
      data-testid="quiz-self-question"
    >
      <div className={styles.head}>
        <span className={styles.progress} data-testid="quiz-self-progress">
          {legend}
        </span>
        {timed ? (
          <span
            className={styles.stopwatch}
            data-running={running}
            role="timer"
            aria-label={t("quiz-self:question.timer")}
            data-testid="quiz-self-timer"
          >
            {t("quiz:answer.seconds", { seconds: seconds(Math.max(0, limitMs - elapsedMs)) })}
          </span>
        ) : (
          <span className={styles.survey}>{t("quiz:question.survey")}</span>
        )}
      </div>
      <div className={styles.bar} aria-hidden="true">
        <span style={{ inlineSize: `${(position / Math.max(1, total)) * 100}%` }} />
      </div>
      <h3
        id="self-paced-question-text"
        ref={heading}
        tabIndex={-1}
        className={styles.text}
        data-testid="quiz-self-question-text"
      >
        {question.question}
      </h3>
      <QuestionMedia question={question} variant="player" className={styles.media} />
      <p className={styles.hint}>
        {multiple
          ? t("quiz:answer.choose", { count: needed })
          : timed
            ? t("quiz-self:question.faster")
            : t("quiz-self:question.survey-hint")}
      </p>
      <AnswerOptions
        legend={question.question}
        options={question.options}
        selected={selected}
        disabled={sending}
        multiple={multiple}
        complete={!question.is_survey && isSelectionComplete(selected, needed)}
        onChoose={choose}
      />
      {error ? (
        <p className={styles.error} role="alert" data-testid="quiz-self-error">
          {error}
        </p>
      ) : null}
      <button type="submit" className={styles.submit} disabled={sending} data-testid="quiz-self-submit">
        {sending ? t("quiz-self:question.sending") : t("quiz:answer.submit")}
      </button>
    </form>
  );
}
