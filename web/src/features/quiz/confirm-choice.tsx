import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";

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
      <Button stage variant="secondary" onPress={onCancel} isDisabled={busy}>
        {t("rerun.cancel")}
      </Button>
      <Button
        stage
        variant={primary ? "primary" : "secondary"}
        onPress={onConfirm}
        isDisabled={busy}
        data-testid={confirmTestId}
      >
        {confirmLabel}
      </Button>
    </>
  );
}
