import { useTranslation } from "react-i18next";
import buttons from "./stage-buttons.module.css";

/** The two answers of a confirmation on the stage: cancel, then the action; both wait while it runs. */
export function ConfirmChoice({
  busy,
  onCancel,
  onConfirm,
  confirmLabel,
  confirmTestId,
  primary = false,
}: {
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  confirmLabel: string;
  confirmTestId: string;
  /** The action is the page's main one (run the quiz again), not a side one (revoke a link). */
  primary?: boolean;
}) {
  const { t } = useTranslation("quiz");
  return (
    <>
      <button type="button" className={buttons.secondary} onClick={onCancel} disabled={busy}>
        {t("rerun.cancel")}
      </button>
      <button
        type="button"
        className={primary ? buttons.primary : buttons.secondary}
        onClick={onConfirm}
        disabled={busy}
        data-testid={confirmTestId}
      >
        {confirmLabel}
      </button>
    </>
  );
}
