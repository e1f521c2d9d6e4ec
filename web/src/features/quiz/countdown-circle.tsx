import { useTranslation } from "react-i18next";
import styles from "./countdown-circle.module.css";

/** Spec §9: the countdown circle is 101 px wide. */
const TIMER_CIRCLE_PX = 101;
const STROKE = 9;
const RADIUS = (TIMER_CIRCLE_PX - STROKE) / 2;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;
/** The last seconds turn the circle red. */
const HURRY_MS = 5_000;

/** The question's countdown: whole seconds left in a ring that empties as time runs out. */
export function CountdownCircle({
  remainingMs,
  limitMs,
  running,
}: {
  remainingMs: number;
  limitMs: number;
  running: boolean;
}) {
  const { t } = useTranslation("quiz");
  const seconds = Math.ceil(remainingMs / 1000);
  const fraction = limitMs > 0 ? Math.min(1, Math.max(0, remainingMs / limitMs)) : 0;
  const tone =
    remainingMs <= 0 ? "over" : running && remainingMs <= HURRY_MS ? "hurry" : running ? "running" : "paused";
  return (
    <div
      className={styles.circle}
      style={{ width: TIMER_CIRCLE_PX, height: TIMER_CIRCLE_PX }}
      data-tone={tone}
      role="timer"
      aria-label={t("timer.remaining", { count: seconds })}
      data-testid="quiz-countdown"
    >
      <svg viewBox={`0 0 ${TIMER_CIRCLE_PX} ${TIMER_CIRCLE_PX}`} aria-hidden="true">
        <circle className={styles.track} cx="50%" cy="50%" r={RADIUS} strokeWidth={STROKE} />
        <circle
          className={styles.progress}
          cx="50%"
          cy="50%"
          r={RADIUS}
          strokeWidth={STROKE}
          strokeDasharray={CIRCUMFERENCE}
          strokeDashoffset={CIRCUMFERENCE * (1 - fraction)}
        />
      </svg>
      <span className={styles.seconds} data-testid="quiz-countdown-seconds">
        {seconds}
      </span>
    </div>
  );
}
