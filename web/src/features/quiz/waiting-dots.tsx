import styles from "./waiting-dots.module.css";

/** Three bouncing dots after a waiting message: something is about to happen. */
export function WaitingDots() {
  return (
    <span className={styles.dots} aria-hidden="true">
      <span />
      <span />
      <span />
    </span>
  );
}
