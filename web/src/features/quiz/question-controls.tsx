import { type QuizState, timerRemainingMs } from "@core/quiz/model";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import {
  ArrowLeftIcon,
  ArrowRightIcon,
  ChartIcon,
  PauseIcon,
  PlayIcon,
  TrophyIcon,
} from "../../components/quiz/quiz-icons";
import { useNow } from "../../components/quiz/use-now";
import styles from "./live-quiz-pages.module.css";
import type { QuizCommandType, QuizWatchSnapshot } from "./quiz-watch";

export function ControlButton({
  command,
  watch,
  disabled,
  pressed,
  testId,
  primary,
  children,
}: {
  command: QuizCommandType;
  watch: QuizWatchSnapshot & { command: (type: QuizCommandType) => boolean };
  disabled?: boolean;
  pressed?: boolean;
  testId: string;
  primary?: boolean;
  children: ReactNode;
}) {
  return (
    <Button
      stage
      variant={primary ? "primary" : "secondary"}
      isDisabled={disabled || watch.status !== "open"}
      aria-pressed={pressed}
      onPress={() => watch.command(command)}
      data-testid={testId}
    >
      {children}
    </Button>
  );
}

/** Spec §2 moderator control bar: stop timer, start timer, Results, Podium, Back, Next or Final Podium. */
export function QuestionControls({
  state,
  watch,
  clockOffsetMs,
}: {
  state: QuizState;
  watch: QuizWatchSnapshot & { command: (type: QuizCommandType) => boolean };
  clockOffsetMs: number;
}) {
  const { t } = useTranslation("quiz");
  const now = useNow(state.phase === "answering");
  const last = state.questionIndex >= state.questions.length - 1;
  const timeLeft = timerRemainingMs(state, now + clockOffsetMs) > 0;
  return (
    <nav className={styles.controls} aria-label={t("controls.label")} data-testid="quiz-controls">
      <div className={styles.controlGroup}>
        <ControlButton
          command="timer_stop"
          watch={watch}
          disabled={state.phase !== "answering"}
          testId="quiz-timer-stop"
        >
          <PauseIcon />
          {t("action.timer-stop")}
        </ControlButton>
        <ControlButton
          command="timer_start"
          watch={watch}
          disabled={state.phase === "answering" || state.resultVisible || !timeLeft}
          testId="quiz-timer-start"
        >
          <PlayIcon />
          {t("action.timer-start")}
        </ControlButton>
      </div>
      <div className={styles.controlGroup}>
        <ControlButton
          command={state.resultVisible ? "hide_result" : "show_result"}
          watch={watch}
          pressed={state.resultVisible}
          testId="quiz-results"
        >
          <ChartIcon />
          {t("action.results")}
        </ControlButton>
        <ControlButton command="show_podium" watch={watch} testId="quiz-podium-button">
          <TrophyIcon />
          {t("action.podium")}
        </ControlButton>
      </div>
      <div className={styles.controlGroup}>
        <ControlButton command="back_question" watch={watch} disabled={state.questionIndex <= 0} testId="quiz-back">
          <ArrowLeftIcon />
          {t("action.back")}
        </ControlButton>
        {last ? (
          <ControlButton command="final" watch={watch} primary testId="quiz-final">
            <TrophyIcon />
            {t("action.final")}
          </ControlButton>
        ) : (
          <ControlButton command="next_question" watch={watch} primary testId="quiz-next">
            {t("action.next")}
            <ArrowRightIcon />
          </ControlButton>
        )}
      </div>
    </nav>
  );
}
