import buttons from "../../components/button.module.css";
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
    <button type="submit" className={`${buttons.primary} ${styles.submit}`} disabled={pending} data-testid={testId}>
      {pending ? pendingLabel : label}
    </button>
  );
}
