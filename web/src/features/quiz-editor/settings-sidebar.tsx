import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChevronDownIcon, SlidersIcon } from "../../components/icons";
import { useMediaQuery } from "../../lib/use-media-query";
import { SettingsForm, type SettingsTarget } from "./settings-form";
import styles from "./settings-sidebar.module.css";

/** Spec §9: quiz pages are laid out for phones at 575 px and below. */
const PHONE_QUERY = "(max-width: 575px)";

/**
 * The sidebar's settings card. It folds away (open by default on wider screens, closed on
 * phones, where it sits above the questions); folded, the form keeps what was typed.
 */
export function SettingsSidebar(target: SettingsTarget) {
  const { t } = useTranslation("quiz-editor");
  const phone = useMediaQuery(PHONE_QUERY);
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? !phone;
  const bodyId = useId();
  return (
    <section className={styles.card} aria-labelledby={`${bodyId}-title`} data-testid="quiz-settings-card">
      <h2 id={`${bodyId}-title`} className={styles.heading}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={bodyId}
          onClick={() => setChosen(!open)}
          data-testid="quiz-settings-toggle"
        >
          <SlidersIcon className={styles.icon} />
          <span className={styles.headingText}>{t("settings.title")}</span>
          <ChevronDownIcon className={styles.chevron} data-open={open || undefined} />
        </button>
      </h2>
      <div id={bodyId} hidden={!open} className={styles.body}>
        <SettingsForm {...target} />
      </div>
    </section>
  );
}
