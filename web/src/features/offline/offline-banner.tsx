import { useTranslation } from "react-i18next";
import { useOnline } from "../../lib/network-status";
import styles from "./offline-banner.module.css";

/**
 * Says the app is offline: what keeps working (the programme, one's own schedule, changes to it
 * queued until the network is back) and what needs the network (the live quiz, the forum).
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  if (useOnline()) return null;
  return (
    <div className={styles.banner} role="status" data-testid="offline-banner">
      <strong>{t("offline.title")}</strong> {t("offline.text")}
    </div>
  );
}
