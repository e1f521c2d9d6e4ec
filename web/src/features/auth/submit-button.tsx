import { Button } from "../../components/button";
import styles from "./login-overlay.module.css";

/** The full-width submit button of the login overlay's forms, disabled and relabelled while sending. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  testId,
}: {
  pending: boolean;
  label: string;
  pendingLabel: string;
  testId: string;
}) {
  return (
    <Button type="submit" className={styles.submit} isDisabled={pending} data-testid={testId}>
      {pending ? pendingLabel : label}
    </Button>
  );
}
