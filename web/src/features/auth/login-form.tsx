import { Email, Password } from "@core/auth/schemas";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import * as v from "valibot";
import type { StoredSession } from "../../app-state/session";
import { Button } from "../../components/button";
import { PasswordField } from "../../components/form-field";
import { asApiError } from "../../lib/api";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { useFormSubmit } from "../../lib/use-form-submit";
import { logIn } from "./auth-api";
import { EmailField } from "./email-field";
import styles from "./login-overlay.module.css";
import type { OverlayViewProps } from "./overlay-view";
import { SubmitButton } from "./submit-button";

// Spec §5: email and password required, password at least 6 characters.
const LoginFields = v.object({ email: Email, password: Password });

/** Spec §2 login view: e-mail, password, and the ways to the other views or past the overlay. */
export function LoginForm({
  event,
  titleId,
  notice,
  report,
  show,
  onLoggedIn,
  onContinue,
}: OverlayViewProps & { onLoggedIn: (session: StoredSession) => void; onContinue: () => void }) {
  const { t } = useTranslation("auth");
  const errorText = useApiErrorText();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const { form, problems, pending, onSubmit } = useFormSubmit(LoginFields, { email, password }, async (credentials) => {
    report(null);
    try {
      onLoggedIn(await logIn(event, credentials));
    } catch (error) {
      // Spec §8: an alert titled 'Error!' with the server's message.
      report({ tone: "danger", title: t("Error!"), text: errorText(asApiError(error)) });
    }
  });

  return (
    <form ref={form} className={styles.form} noValidate onSubmit={onSubmit} data-testid="login-view-login">
      <h2 id={titleId} className={styles.title}>
        {t("login.title")}
      </h2>
      {notice}
      <EmailField
        value={email}
        onChange={setEmail}
        problem={problems.email}
        autoComplete="username"
        testId="login-email"
      />
      <PasswordField
        label={t("field.password")}
        autoComplete="current-password"
        value={password}
        onChange={(change) => setPassword(change.target.value)}
        error={problems.password ? t(problems.password) : null}
        data-testid="login-password"
      />
      <button
        type="button"
        className={`${styles.linkButton} ${styles.forgot}`}
        onClick={() => show("forgotpassword")}
        data-testid="login-forgot"
      >
        {t("login.forgot-password")}
      </button>
      <SubmitButton
        pending={pending}
        label={t("login.submit")}
        pendingLabel={t("login.pending")}
        testId="login-submit"
      />
      {event.allowCreateAccount ? (
        <p className={styles.switchLine}>
          {t("login.no-account")}{" "}
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => show("signup")}
            data-testid="login-create-account"
          >
            {t("login.create-account")}
          </button>
        </p>
      ) : null}
      {event.allowAnonymousAccess ? (
        <>
          <p className={styles.separator}>
            <span>{t("login.or")}</span>
          </p>
          <Button variant="secondary" block onPress={onContinue} data-testid="login-continue-anonymous">
            {t("login.continue-anonymous")}
          </Button>
        </>
      ) : null}
    </form>
  );
}
