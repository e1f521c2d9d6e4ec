import { MAX_PASSWORD_LENGTH } from "@core/auth/schemas";
import { ErrorCode } from "@core/errors";
import { useStore } from "jotai";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import * as v from "valibot";
import { sessionAtom } from "../../app-state/session";
import { Button } from "../../components/button";
import { PasswordField } from "../../components/form-field";
import { Notice } from "../../components/notice";
import { asApiError } from "../../lib/api";
import { NewPasswordFields } from "../../lib/new-password-fields";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { useFormSubmit } from "../../lib/use-form-submit";
import { problemKey } from "./problem-key";
import { changePassword } from "./profile-api";
import styles from "./profile-modal.module.css";

type Message = { tone: "success" | "danger"; text: string };

// The current password proves the owner is at the keyboard, not someone at an open session.
const PasswordChangeFields = v.intersect([
  v.object({ current: v.pipe(v.string(), v.nonEmpty("required"), v.maxLength(MAX_PASSWORD_LENGTH)) }),
  NewPasswordFields,
]);

/**
 * Spec §2 'change password' tab: the current password, then the new one twice; this session goes
 * on with a fresh token.
 */
export function PasswordForm({ slug }: { slug: string }) {
  const { t } = useTranslation("profile");
  const errorText = useApiErrorText();
  const store = useStore();
  const [current, setCurrent] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [message, setMessage] = useState<Message | null>(null);
  // Spec §5: at least 6 ('form.too.short') and required; the confirmation required and equal.
  const { form, problems, pending, onSubmit } = useFormSubmit(
    PasswordChangeFields,
    { current, password, confirm },
    async (fields) => {
      setMessage(null);
      const session = store.get(sessionAtom(slug));
      if (!session) return;
      try {
        const token = await changePassword(session.token, {
          currentPassword: fields.current,
          password: fields.password,
        });
        const latest = store.get(sessionAtom(slug));
        if (latest) store.set(sessionAtom(slug), { ...latest, token });
        setCurrent("");
        setPassword("");
        setConfirm("");
        setMessage({ tone: "success", text: t("password.update.success") });
      } catch (error) {
        const refusal = asApiError(error);
        const explained = refusal.code === ErrorCode.WrongCurrentPassword || refusal.code === ErrorCode.RateLimited;
        setMessage({ tone: "danger", text: explained ? errorText(refusal) : t("password.update.error") });
      }
    },
  );

  const problemText = (field: "current" | "password" | "confirm") => {
    const problem = problems[field];
    return problem ? t(problemKey(problem)) : null;
  };

  return (
    <form ref={form} className={styles.form} noValidate onSubmit={onSubmit}>
      {message ? (
        <Notice tone={message.tone} testId="profile-password-notice">
          {message.text}
        </Notice>
      ) : null}
      <PasswordField
        label={t("password.current")}
        autoComplete="current-password"
        value={current}
        onChange={(change) => setCurrent(change.target.value)}
        error={problemText("current")}
        data-testid="profile-current-password"
      />
      <PasswordField
        label={t("password.new")}
        autoComplete="new-password"
        value={password}
        onChange={(change) => setPassword(change.target.value)}
        error={problemText("password")}
        data-testid="profile-new-password"
      />
      <PasswordField
        label={t("password.confirm")}
        autoComplete="new-password"
        value={confirm}
        onChange={(change) => setConfirm(change.target.value)}
        error={problemText("confirm")}
        data-testid="profile-confirm-password"
      />
      <Button type="submit" className={styles.submit} isDisabled={pending} data-testid="profile-password-submit">
        {pending ? t("saving") : t("password.submit")}
      </Button>
    </form>
  );
}
