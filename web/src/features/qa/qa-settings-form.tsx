import type { QaSettings } from "@core/qa/changes";
import { useTranslation } from "react-i18next";
import styles from "./qa-panel.module.css";

/** The talk's Q&A settings, for its moderators: each box saves as it changes. */
export function QaSettingsForm({ settings, onChange }: { settings: QaSettings; onChange: (next: QaSettings) => void }) {
  const { t } = useTranslation("qa");
  return (
    <fieldset className={styles.settings} data-testid="qa-settings">
      <legend className={styles.settingsTitle}>{t("settings.title")}</legend>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={settings.requireApproval}
          onChange={(change) => onChange({ ...settings, requireApproval: change.target.checked })}
          data-testid="qa-require-approval"
        />
        {t("settings.require-approval")}
      </label>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={settings.allowAnonymous}
          onChange={(change) => onChange({ ...settings, allowAnonymous: change.target.checked })}
          data-testid="qa-allow-anonymous"
        />
        {t("settings.allow-anonymous")}
      </label>
    </fieldset>
  );
}
