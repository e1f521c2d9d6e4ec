import { useTranslation } from "react-i18next";
import styles from "./loading-screen.module.css";

const PLACEHOLDER_CARDS = ["first", "second", "third", "fourth"];

/** The page's outline while the event loads, so nothing jumps when it arrives. */
export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div className={styles.page} role="status" aria-live="polite" data-testid="loading">
      <span className="visually-hidden">{t("app.loading")}</span>
      <div className={styles.sidebar} aria-hidden="true">
        <div className={`${styles.block} ${styles.logo}`} />
        <div className={`${styles.block} ${styles.line}`} />
        <div className={`${styles.block} ${styles.lineShort}`} />
      </div>
      <div className={styles.content} aria-hidden="true">
        <div className={`${styles.block} ${styles.heading}`} />
        {PLACEHOLDER_CARDS.map((key) => (
          <div key={key} className={styles.card}>
            <div className={`${styles.block} ${styles.avatar}`} />
            <div className={styles.cardLines}>
              <div className={`${styles.block} ${styles.lineShort}`} />
              <div className={`${styles.block} ${styles.line}`} />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
