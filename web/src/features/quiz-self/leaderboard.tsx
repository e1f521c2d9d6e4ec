import type { LeaderboardRow } from "@core/quiz/leaderboard-table";
import { PODIUM_STAGE_SIZE } from "@core/quiz/selectors";
import { useTranslation } from "react-i18next";
import { Avatar } from "../../components/avatar";
import { TrophyIcon } from "../../components/quiz/quiz-icons";
import { useRankText } from "../../components/quiz/use-rank-text";
import styles from "./leaderboard.module.css";

/** Spec §3: avatars 56 by 56 on the podium places, 48 by 48 in the list. */
const TOP_AVATAR_PX = 56;
const LIST_AVATAR_PX = 48;

/**
 * Spec §2 results sidebar: the first three set apart, as on the live podium, then everyone else,
 * each with their rank (shared on a tie: 1st, 2nd, 2nd, 4th) and its ordinal suffix.
 */
export function Leaderboard({ rows }: { rows: LeaderboardRow[] }) {
  const { t, i18n } = useTranslation(["quiz-self", "quiz"]);
  const rankText = useRankText();
  const format = new Intl.NumberFormat(i18n.language);
  const top = rows.slice(0, PODIUM_STAGE_SIZE);
  const rest = rows.slice(PODIUM_STAGE_SIZE);
  const entry = (row: LeaderboardRow, avatarPx: number) => (
    <>
      <span className={styles.rank} data-testid="quiz-leaderboard-rank">
        {rankText(row.rank)}
      </span>
      <span className={styles.avatar}>
        <Avatar name={row.user.name} src={row.user.photo} size={avatarPx} />
      </span>
      <span className={styles.name} data-testid="quiz-leaderboard-name">
        {row.user.name}
      </span>
      <span className={styles.points}>{t("quiz:podium.points", { points: format.format(row.points) })}</span>
    </>
  );
  return (
    <section className={styles.leaderboard} aria-labelledby="quiz-leaderboard-title" data-testid="quiz-leaderboard">
      <h2 id="quiz-leaderboard-title" className={styles.title}>
        <TrophyIcon className={styles.trophy} />
        {t("quiz-self:results.leaderboard")}
      </h2>
      {rows.length === 0 ? (
        <p className={styles.empty} data-testid="quiz-leaderboard-empty">
          {t("quiz:podium.empty")}
        </p>
      ) : (
        <>
          <ol className={styles.top} aria-label={t("quiz:podium.stage")}>
            {top.map((row) => (
              <li
                key={row.user.id}
                className={styles.topEntry}
                data-place={row.rank}
                data-testid="quiz-leaderboard-entry"
              >
                {entry(row, TOP_AVATAR_PX)}
              </li>
            ))}
          </ol>
          {rest.length > 0 ? (
            <ol className={styles.rest} aria-label={t("quiz:podium.list")}>
              {rest.map((row) => (
                <li key={row.user.id} className={styles.restEntry} data-testid="quiz-leaderboard-entry">
                  {entry(row, LIST_AVATAR_PX)}
                </li>
              ))}
            </ol>
          ) : null}
        </>
      )}
    </section>
  );
}
