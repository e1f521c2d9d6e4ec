import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { asApiError } from "../../lib/api";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { useSingleFlight } from "../../lib/use-single-flight";
import { ConfirmChoice } from "./confirm-choice";
import { resetQuiz } from "./quiz-api";
import styles from "./rerun-button.module.css";

/**
 * 'Run again' on the moderator's final podium: after a confirmation, the quiz starts over in a
 * fresh lobby with a new join code (a rehearsal, then the live run). The room then moves every
 * page to the lobby; this run's log stays exportable.
 */
export function RerunButton({
  presentationId,
  token,
  password,
}: {
  presentationId: number;
  token: string;
  password: string | null;
}) {
  const { t } = useTranslation("quiz");
  const errorText = useApiErrorText();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [resetting, runReset] = useSingleFlight();
  const reset = () =>
    runReset(async () => {
      setError(null);
      await resetQuiz(presentationId, { token, password }).catch((failure) => setError(errorText(asApiError(failure))));
      setConfirming(false);
    });
  if (!confirming) {
    return (
      <Button stage variant="secondary" onPress={() => setConfirming(true)} data-testid="quiz-rerun">
        {t("rerun.action")}
      </Button>
    );
  }
  return (
    <div
      className={styles.confirm}
      role="alertdialog"
      aria-labelledby="quiz-rerun-question"
      data-testid="quiz-rerun-confirm"
    >
      <p id="quiz-rerun-question" className={styles.question}>
        {t("rerun.confirm")}
      </p>
      <div className={styles.buttons}>
        <ConfirmChoice
          busy={resetting}
          onCancel={() => setConfirming(false)}
          onConfirm={reset}
          confirmLabel={t("rerun.yes")}
          confirmTestId="quiz-rerun-yes"
          primary
        />
      </div>
      {error ? (
        <p className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
