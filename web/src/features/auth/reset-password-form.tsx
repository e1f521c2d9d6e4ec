import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PasswordField } from "../../components/form-field";
import { asApiError } from "../../lib/api";
import { NewPasswordFields } from "../../lib/new-password-fields";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { useFormSubmit } from "../../lib/use-form-submit";
import { resetPassword } from "./auth-api";
import styles from "./login-overlay.module.css";
import type { OverlayNotice, OverlayViewProps } from "./overlay-view";
import { SubmitButton } from "./submit-button";

/** Spec §2 resetpassword view: the new password twice, sent with the mailed link's token. */
export function ResetPasswordForm({
  event,
  titleId,
  notice,
  report,
  token,
  onDone,
}: OverlayViewProps & { token: string; onDone: (notice: OverlayNotice) => void }) {
  const { t } = useTranslation("auth");
  const errorText = useApiErrorText();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  // Spec §5: at least 6 ('error.atleast6'), and the confirmation equal ('password.dont-match'), or nothing is sent.
  const { form, problems, pending, onSubmit } = useFormSubmit(
    NewPasswordFields,
    { password, confirm },
    async (fields) => {
      report(null);
      try {
        await resetPassword(event, token, fields.password);
        onDone({ tone: "success", text: t("password change sucessfully") });
      } catch (error) {
        report({ tone: "danger", title: t("something went wrong"), text: errorText(asApiError(error)) });
      }
    },
  );

  return (
    <form ref={form} className={styles.form} noValidate onSubmit={onSubmit} data-testid="login-view-resetpassword">
      <h2 id={titleId} className={styles.title}>
        {t("reset.title")}
      </h2>
      {notice}
      <PasswordField
        label={t("reset.password")}
        autoComplete="new-password"
        value={password}
        onChange={(change) => setPassword(change.target.value)}
        error={problems.password ? t(problems.password) : null}
        data-testid="reset-password"
      />
      <PasswordField
        label={t("reset.confirm")}
        autoComplete="new-password"
        value={confirm}
        onChange={(change) => setConfirm(change.target.value)}
        error={problems.confirm ? t(problems.confirm) : null}
        data-testid="reset-confirm"
      />
      <SubmitButton pending={pending} label={t("reset.submit")} pendingLabel={t("sending")} testId="reset-submit" />
    </form>
  );
}
