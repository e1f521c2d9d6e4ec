import { Button } from "./button";
import { LoginIcon } from "./icons";
import styles from "./login-prompt.module.css";

/** A page of the event that needs a login, in place of its content: why, and a button to the login overlay. */
export function LoginPrompt({
  title,
  text,
  action,
  onLogin,
  testId,
}: {
  title: string;
  text: string;
  action: string;
  onLogin: () => void;
  testId: string;
}) {
  return (
    <section className={styles.prompt} aria-labelledby={`${testId}-title`} data-testid={testId}>
      <span className={styles.icon}>
        <LoginIcon />
      </span>
      <h2 id={`${testId}-title`} className={styles.title}>
        {title}
      </h2>
      <p className={styles.text}>{text}</p>
      <Button onPress={onLogin} data-testid={`${testId}-action`}>
        {action}
      </Button>
    </section>
  );
}
