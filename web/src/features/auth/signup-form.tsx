import { SignupBody } from "@core/auth/schemas";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import * as v from "valibot";
import { PasswordField, TextField } from "../../components/form-field";
import { asApiError } from "../../lib/api";
import { useReturnPath } from "../../lib/login-request";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { useFormSubmit } from "../../lib/use-form-submit";
import { signUp } from "./auth-api";
import { EmailField } from "./email-field";
import styles from "./login-overlay.module.css";
import type { OverlayViewProps } from "./overlay-view";
import { SubmitButton } from "./submit-button";

const SignupFields = v.omit(SignupBody, ["redirect"]);

/** Spec §2 signup view: name, e-mail, password; the validation link is mailed back to this page. */
export function SignupForm({ event, titleId, notice, report, show }: OverlayViewProps) {
  const { t } = useTranslation("auth");
  const errorText = useApiErrorText();
  const returnPath = useReturnPath();
  const [name, setName] = useState("");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const { form, problems, pending, onSubmit } = useFormSubmit(
    SignupFields,
    { name, email, password },
    async (account) => {
      report(null);
      try {
        await signUp(event, { ...account, redirect: returnPath });
        show("login", { tone: "success", text: t("user created sucessfully please validate from e-mail") });
      } catch (error) {
        report({ tone: "danger", text: errorText(asApiError(error)) });
      }
    },
  );

  return (
    <form ref={form} className={styles.form} noValidate onSubmit={onSubmit} data-testid="login-view-signup">
      <h2 id={titleId} className={styles.title}>
        {t("signup.title")}
      </h2>
      {notice}
      <TextField
        label={t("field.name")}
        autoComplete="name"
        value={name}
        onChange={(change) => setName(change.target.value)}
        error={problems.name ? t(problems.name) : null}
        data-testid="signup-name"
      />
      <EmailField value={email} onChange={setEmail} problem={problems.email} testId="signup-email" />
      <PasswordField
        label={t("field.password")}
        autoComplete="new-password"
        value={password}
        onChange={(change) => setPassword(change.target.value)}
        error={problems.password ? t(problems.password) : null}
        data-testid="signup-password"
      />
      <SubmitButton pending={pending} label={t("signup.submit")} pendingLabel={t("sending")} testId="signup-submit" />
      <p className={styles.switchLine}>
        {t("signup.have-account")}{" "}
        <button type="button" className={styles.linkButton} onClick={() => show("login")} data-testid="signup-back">
          {t("back-to-login")}
        </button>
      </p>
    </form>
  );
}
