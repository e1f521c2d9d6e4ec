import type { QuizState } from "@core/quiz/model";
import { type PodiumEntry, podium, podiumName } from "@core/quiz/selectors";
import type { CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { TrophyIcon } from "../../components/quiz/quiz-icons";
import styles from "./podium-screen.module.css";

/** Left to right on the stage: second, first, third. */
const STAGE_ORDER = [1, 0, 2];
const CONFETTI_PIECES = 48;
const CONFETTI_COLORS = ["#fbbf24", "#f472b6", "#38bdf8", "#4ade80", "#a78bfa", "#fb923c"];

/**
 * Spec §2 podium: the top three on a stage that rises from third to first, then ranks 4 to 30 as
 * `position / name +points`; names over 20 characters show their first word. The final podium
 * throws confetti.
 */
export function PodiumScreen({ state, final }: { state: QuizState; final: boolean }) {
  const { t, i18n } = useTranslation("quiz");
  const { stage, list } = podium(state);
  const points = new Intl.NumberFormat(i18n.language);
  if (stage.length === 0) {
    return (
      <p className={styles.empty} data-testid="quiz-podium-empty">
        {t("podium.empty")}
      </p>
    );
  }
  return (
    <div className={styles.podium} data-testid="quiz-podium">
      {final ? <Confetti /> : null}
      <ol className={styles.stage} aria-label={t("podium.stage")}>
        {STAGE_ORDER.map((position) => {
          const entry = stage[position];
          return entry ? (
            <StageStep key={entry.playerId} entry={entry} position={position} points={points.format(entry.points)} />
          ) : (
            <li
              key={`vacant-${position}`}
              className={`${styles.step} ${styles.vacant}`}
              data-place={position + 1}
              aria-hidden="true"
            >
              <div className={styles.block}>
                <span className={styles.blockRank}>{position + 1}</span>
              </div>
            </li>
          );
        })}
      </ol>
      {list.length > 0 ? (
        <ol className={styles.list} start={4} aria-label={t("podium.list")} data-testid="quiz-podium-list">
          {list.map((entry, index) => (
            <li
              key={entry.playerId}
              className={styles.row}
              style={{ animationDelay: `${1.4 + index * 0.05}s` }}
              data-testid="quiz-podium-row"
            >
              <span className={styles.rowRank}>{entry.rank}</span>
              <span className={styles.rowName}>{podiumName(entry.name)}</span>
              <span className={styles.rowPoints}>+{points.format(entry.points)}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

function StageStep({ entry, position, points }: { entry: PodiumEntry; position: number; points: string }) {
  const { t } = useTranslation("quiz");
  return (
    <li className={styles.step} data-place={position + 1} data-testid="quiz-podium-step">
      <div className={styles.winner}>
        {position === 0 ? <TrophyIcon className={styles.trophy} width={56} height={56} /> : null}
        <span className={styles.winnerName} data-testid="quiz-podium-name">
          {podiumName(entry.name)}
        </span>
        <span className={styles.winnerPoints}>{t("podium.points", { points })}</span>
      </div>
      <div className={styles.block}>
        <span className={styles.blockRank}>{entry.rank}</span>
      </div>
    </li>
  );
}

function Confetti() {
  return (
    <div className={styles.confetti} aria-hidden="true">
      {Array.from({ length: CONFETTI_PIECES }, (_, index) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed set of decorative pieces
          key={index}
          style={
            {
              "--left": `${(index * 37) % 100}%`,
              "--delay": `${(index % 12) * 0.35}s`,
              "--duration": `${3.2 + (index % 5) * 0.6}s`,
              "--turn": `${(index % 2 === 0 ? 1 : -1) * (360 + (index % 4) * 180)}deg`,
              background: CONFETTI_COLORS[index % CONFETTI_COLORS.length],
            } as CSSProperties
          }
        />
      ))}
    </div>
  );
}
