import { useId } from "react";
import { Button } from "./button";
import styles from "./confirm-dialog.module.css";
import { ModalDialog } from "./dialog";

/**
 * A confirmation's safe answer (NO, Cancel): it takes the focus when the dialog opens, so a stray
 * Enter never confirms. Every confirming dialog puts it first in its actions.
 */
export function SafeAnswerButton({
  label,
  onClick,
  testId,
}: {
  label: string;
  onClick: () => void;
  testId: string | undefined;
}) {
  return (
    <Button variant="secondary" className={styles.answer} autoFocus onPress={onClick} data-testid={testId}>
      {label}
    </Button>
  );
}

/**
 * The spec's yes/no confirmation (§2 Modals): a question, YES and NO. Escape and NO both cancel;
 * NO has the focus first, so a stray Enter does not confirm. Texts come from the caller's namespace.
 */
export function ConfirmDialog({
  question,
  yesLabel,
  noLabel,
  onYes,
  onNo,
  testId,
}: {
  question: string;
  yesLabel: string;
  noLabel: string;
  onYes: () => void;
  onNo: () => void;
  testId?: string;
}) {
  const questionId = useId();
  return (
    <ModalDialog labelledBy={questionId} onDismiss={onNo} className={styles.dialog} testId={testId}>
      <p id={questionId} className={styles.question}>
        {question}
      </p>
      <div className={styles.actions}>
        <SafeAnswerButton label={noLabel} onClick={onNo} testId={testId ? `${testId}-no` : undefined} />
        <Button
          variant="danger"
          className={styles.answer}
          onPress={onYes}
          data-testid={testId ? `${testId}-yes` : undefined}
        >
          {yesLabel}
        </Button>
      </div>
    </ModalDialog>
  );
}
