import { Email } from "@core/auth/schemas";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import * as v from "valibot";
import { asApiError } from "../../lib/api";
import { useReturnPath } from "../../lib/login-request";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { useFormSubmit } from "../../lib/use-form-submit";
import { requestPasswordReset } from "./auth-api";
import { EmailField } from "./email-field";
import styles from "./login-overlay.module.css";
import type { OverlayViewProps } from "./overlay-view";
import { SubmitButton } from "./submit-button";

const ForgotFields = v.object({ email: Email });

/** Spec §2 forgotpassword view: the e-mail to send a reset link to, which leads back to this page. */
export function ForgotPasswordForm({ event, titleId, notice, report, show }: OverlayViewProps) {
  const { t } = useTranslation("auth");
  const errorText = useApiErrorText();
  const returnPath = useReturnPath();
  const [email, setEmail] = useState("");
  const { form, problems, pending, onSubmit } = useFormSubmit(ForgotFields, { email }, async (fields) => {
    report(null);
    try {
      await requestPasswordReset(event, fields.email, returnPath);
      show("login", { tone: "success", text: t("email send check you inbox") });
    } catch (error) {
      // Known and unknown addresses get the same answer (only an account is mailed); what is left
      // is a refusal such as rate-limited.
      report({ tone: "danger", text: errorText(asApiError(error)) });
    }
  });

  return (
    <form ref={form} className={styles.form} noValidate onSubmit={onSubmit} data-testid="login-view-forgotpassword">
      <h2 id={titleId} className={styles.title}>
        {t("forgot.title")}
      </h2>
      <p className={styles.intro}>{t("forgot.intro")}</p>
      {notice}
      <EmailField value={email} onChange={setEmail} problem={problems.email} testId="forgot-email" />
      <SubmitButton pending={pending} label={t("forgot.submit")} pendingLabel={t("sending")} testId="forgot-submit" />
      <p className={styles.switchLine}>
        <button type="button" className={styles.linkButton} onClick={() => show("login")} data-testid="forgot-back">
          {t("back-to-login")}
        </button>
      </p>
    </form>
  );
}
