import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
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
  code,
  onDone,
}: OverlayViewProps & { code: string; onDone: (notice: OverlayNotice) => void }) {
  const { t } = useTranslation("auth");
  const errorText = useApiErrorText();
  const [pending, run] = useSingleFlight();

  function submit(submitEvent: FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    run(async () => {
      report(null);
      try {
        await validateAccount(event, code);
        onDone({ tone: "success", text: t("validated") });
      } catch (error) {
        report({ tone: "danger", title: t("something went wrong"), text: errorText(asApiError(error)) });
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
    </form>
  );
}
