import { type InputHTMLAttributes, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import buttons from "./button.module.css";
import styles from "./form-field.module.css";
import { EyeIcon, EyeOffIcon } from "./icons";

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className" | "aria-invalid" | "aria-describedby">;

/**
 * A labelled input with its problem written under it and tied to it for assistive technology.
 * `data-testid` goes on the input; the problem gets the same id with `-error`.
 */
export function TextField({
  label,
  error,
  trailing,
  ...input
}: InputProps & { label: string; error?: string | null; trailing?: ReactNode; "data-testid"?: string }) {
  const inputId = useId();
  const errorId = useId();
  const testId = input["data-testid"];
  return (
    <div className={styles.field}>
      <label htmlFor={inputId} className={styles.label}>
        {label}
      </label>
      <div
        className={styles.control}
        data-invalid={error ? "true" : undefined}
        data-disabled={input.disabled || undefined}
      >
        <input
          {...input}
          id={inputId}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {trailing}
      </div>
      {error ? (
        <p id={errorId} className={styles.error} data-testid={testId ? `${testId}-error` : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A password input with a show/hide toggle, named the same way on every form. */
export function PasswordField(field: Omit<Parameters<typeof TextField>[0], "type" | "trailing">) {
  const { t } = useTranslation("common");
  const [visible, setVisible] = useState(false);
  const toggleLabel = t(visible ? "password.hide" : "password.show");
  const testId = field["data-testid"];
  return (
    <TextField
      {...field}
      type={visible ? "text" : "password"}
      trailing={
        <button
          type="button"
          className={`${buttons.icon} ${styles.reveal}`}
          aria-pressed={visible}
          aria-label={toggleLabel}
          title={toggleLabel}
          onClick={() => setVisible((shown) => !shown)}
          data-testid={testId ? `${testId}-toggle` : undefined}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      }
    />
  );
}
