import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { asApiError } from "../../lib/api";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { useSingleFlight } from "../../lib/use-single-flight";
import { validateAccount } from "./auth-api";
import styles from "./login-overlay.module.css";
import type { OverlayNotice, OverlayViewProps } from "./overlay-view";
import { SubmitButton } from "./submit-button";

/** Spec §2 validateuser view: one Validate button; the code is the mailed link's, nothing else (§5). */
export function ValidateUserForm({
  event,
  titleId,
  notice,
  report,
  show,
  code,
  onDone,
}: OverlayViewProps & { code: string; onDone: (notice: OverlayNotice) => void }) {
  const { t } = useTranslation("auth");
  const errorText = useApiErrorText();
  const [pending, run] = useSingleFlight();
  // A spent or expired link: the forgotten-password mail brings a new one, which validates too.
  const [spent, setSpent] = useState(false);

  function submit(submitEvent: FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    run(async () => {
      report(null);
      try {
        await validateAccount(event, code);
        onDone({ tone: "success", text: t("validated") });
      } catch (error) {
        const failure = asApiError(error);
        setSpent(failure.code === "invalid-code");
        report({ tone: "danger", title: t("something went wrong"), text: errorText(failure) });
      }
    });
  }

  return (
    <form className={styles.form} onSubmit={submit} data-testid="login-view-validateuser">
      <h2 id={titleId} className={styles.title}>
        {t("validate.title")}
      </h2>
      <p className={styles.intro}>{t("validate.intro")}</p>
      {notice}
      <SubmitButton
        pending={pending}
        label={t("validate.submit")}
        pendingLabel={t("sending")}
        testId="validate-submit"
      />
      {spent ? (
        <Button
          variant="secondary"
          block
          onPress={() => show("forgotpassword", { tone: "success", text: t("validate.new-link.intro") })}
          data-testid="validate-new-link"
        >
          {t("validate.new-link")}
        </Button>
      ) : null}
    </form>
  );
}
