import type { QaSettings } from "@core/qa/changes";
import { useTranslation } from "react-i18next";
import { Checkbox } from "../../components/checkbox";
import styles from "./qa-panel.module.css";

/** The talk's Q&A settings, for its moderators: each box saves as it changes. */
export function QaSettingsForm({ settings, onChange }: { settings: QaSettings; onChange: (next: QaSettings) => void }) {
  const { t } = useTranslation("qa");
  return (
    <fieldset className={styles.settings} data-testid="qa-settings">
      <legend className={styles.settingsTitle}>{t("settings.title")}</legend>
      <Checkbox
        isSelected={settings.requireApproval}
        onChange={(requireApproval) => onChange({ ...settings, requireApproval })}
        data-testid="qa-require-approval"
      >
        {t("settings.require-approval")}
      </Checkbox>
      <Checkbox
        isSelected={settings.allowAnonymous}
        onChange={(allowAnonymous) => onChange({ ...settings, allowAnonymous })}
        data-testid="qa-allow-anonymous"
      >
        {t("settings.allow-anonymous")}
      </Checkbox>
    </fieldset>
  );
}
