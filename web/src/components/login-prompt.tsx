import { Button } from "./button";
import { Card } from "./card";
import { EmptyState } from "./empty-state";
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
    <Card
      as="section"
      padded={false}
      className={styles.prompt}
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
    >
      <EmptyState
        icon={<LoginIcon />}
        title={title}
        titleId={`${testId}-title`}
        actions={
          <Button onPress={onLogin} data-testid={`${testId}-action`}>
            {action}
          </Button>
        }
      >
        {text}
      </EmptyState>
    </Card>
  );
}
