import { useTranslation } from "react-i18next";
import { AlertIcon } from "../../components/icons";
import styles from "./overlap-notice.module.css";

/** "Chevauche « … »": the other scheduled talks a talk overlaps, by title. */
export function OverlapNotice({ others }: { others: readonly { _id: number; name: string }[] }) {
  const { t } = useTranslation("schedule");
  return (
    <p className={styles.notice} data-testid="overlap-notice">
      <AlertIcon className={styles.icon} aria-hidden="true" />
      <span>{t("my-schedule.overlaps", { names: others.map((other) => other.name).join(" », « ") })}</span>
    </p>
  );
}
