import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../button";
import { ModalDialog } from "../dialog";
import styles from "./keyboard-help.module.css";
import { PLAYER_SHORTCUTS } from "./player-keys";

/** The `?` overlay listing the player's keyboard shortcuts. */
export function KeyboardHelp({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation("watch");
  const titleId = useId();
  return (
    <ModalDialog labelledBy={titleId} onDismiss={onClose} className={styles.dialog} testId="keyboard-help">
      <h2 id={titleId} className={styles.title}>
        {t("shortcut.title")}
      </h2>
      <dl className={styles.list}>
        {PLAYER_SHORTCUTS.map((shortcut) => (
          <div key={shortcut.label} className={styles.row}>
            <dt>
              {shortcut.keys.map((key) => (
                <kbd key={key} className={styles.key}>
                  {key === "Space" ? t("shortcut.space") : key}
                </kbd>
              ))}
            </dt>
            <dd>{t(shortcut.label)}</dd>
          </div>
        ))}
      </dl>
      <p className={styles.note}>{t("shortcut.note")}</p>
      <Button className={styles.close} onPress={onClose}>
        {t("shortcut.close")}
      </Button>
    </ModalDialog>
  );
}
