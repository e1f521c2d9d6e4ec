import { useTranslation } from "react-i18next";
import { AlertIcon } from "../../components/icons";
import styles from "./overlap-notice.module.css";

/** The titles of talks, each quoted as the language quotes ("« A », « B »" / "“A”, “B”"). */
export function useQuotedTitles(): (talks: readonly { name: string }[]) => string {
  const { t } = useTranslation("schedule");
  return (talks) => talks.map((talk) => t("my-schedule.quoted", { name: talk.name })).join(", ");
}

/** "Chevauche « … »": the other scheduled talks a talk overlaps, by title. */
export function OverlapNotice({ others }: { others: readonly { _id: number; name: string }[] }) {
  const { t } = useTranslation("schedule");
  const quoted = useQuotedTitles();
  return (
    <p className={styles.notice} data-testid="overlap-notice">
      <AlertIcon className={styles.icon} aria-hidden="true" />
      <span>{t("my-schedule.overlaps", { names: quoted(others) })}</span>
    </p>
  );
}
