import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { IconButton } from "./button";
import { CloseIcon } from "./icons";
import { Notice, type NoticeTone } from "./notice";
import styles from "./toast.module.css";

/**
 * A message that floats over the page's bottom edge after an action (a failed like, a saved
 * setting), closing by itself after `closeAfterMs` or with its close button. Mount one per
 * message, keyed by its id, so that each gets its full delay. Drawn here rather than with
 * react-aria's Toast, whose API is still UNSTABLE_ and queue-driven while ours follow state.
 */
export function Toast({
  tone,
  title,
  children,
  onClose,
  closeAfterMs,
  testId,
}: {
  tone: NoticeTone;
  title?: string;
  children: ReactNode;
  onClose: () => void;
  closeAfterMs?: number;
  testId?: string;
}) {
  const { t } = useTranslation("common");
  useEffect(() => {
    if (!closeAfterMs) return;
    const timer = setTimeout(onClose, closeAfterMs);
    return () => clearTimeout(timer);
  }, [onClose, closeAfterMs]);
  return (
    <div className={styles.toast} data-testid={testId}>
      <Notice tone={tone} title={title}>
        {children}
      </Notice>
      <IconButton
        icon={<CloseIcon />}
        label={t("dialog.close")}
        className={`${styles.close} ${styles[tone]}`}
        onPress={onClose}
      />
    </div>
  );
}
