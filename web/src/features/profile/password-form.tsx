import { useStore } from "jotai";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import buttons from "../../components/button.module.css";
import { PasswordField } from "../../components/form-field";
import { Notice } from "../../components/notice";
import { NewPasswordFields } from "../../lib/new-password-fields";
import { useFormSubmit } from "../../lib/use-form-submit";
import { sessionAtom } from "../session/session";
import { problemKey } from "./problem-key";
import { changePassword } from "./profile-api";
import styles from "./profile-modal.module.css";

type Message = { tone: "success" | "danger"; key: "password.update.success" | "password.update.error" };

/** Spec §2 'change password' tab: the new password twice; this session goes on with a fresh token. */
export function PasswordForm({ slug }: { slug: string }) {
  const { t } = useTranslation("profile");
  const store = useStore();
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [message, setMessage] = useState<Message | null>(null);
  // Spec §5: at least 6 ('form.too.short') and required; the confirmation required and equal.
  const { form, problems, pending, onSubmit } = useFormSubmit(
    NewPasswordFields,
    { password, confirm },
    async (fields) => {
      setMessage(null);
      const current = store.get(sessionAtom(slug));
      if (!current) return;
      try {
        const token = await changePassword(current.token, fields.password);
        const latest = store.get(sessionAtom(slug));
        if (latest) store.set(sessionAtom(slug), { ...latest, token });
        setPassword("");
        setConfirm("");
        setMessage({ tone: "success", key: "password.update.success" });
      } catch {
        setMessage({ tone: "danger", key: "password.update.error" });
      }
    },
  );

  const problemText = (field: "password" | "confirm") => {
    const problem = problems[field];
    return problem ? t(problemKey(problem)) : null;
  };

  return (
    <form ref={form} className={styles.form} noValidate onSubmit={onSubmit}>
      {message ? (
        <Notice tone={message.tone} testId="profile-password-notice">
          {t(message.key)}
        </Notice>
      ) : null}
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
      <button
        type="submit"
        className={`${buttons.primary} ${styles.submit}`}
        disabled={pending}
        data-testid="profile-password-submit"
      >
        {pending ? t("saving") : t("password.submit")}
      </button>
    </form>
  );
}
