import { useTranslation } from "react-i18next";
import { TextField } from "../../components/form-field";
import type { FormProblem } from "../../lib/form-problems";

/** The e-mail field of the account forms, with its problem (an auth-namespace key) under it. */
export function EmailField({
  value,
  onChange,
  problem,
  autoComplete = "email",
  testId,
}: {
  value: string;
  onChange: (email: string) => void;
  problem: FormProblem | undefined;
  /** `username` where the e-mail is the login's name, so password managers fill it. */
  autoComplete?: "email" | "username";
  testId: string;
}) {
  const { t } = useTranslation("auth");
  return (
    <TextField
      label={t("field.email")}
      type="email"
      inputMode="email"
      autoComplete={autoComplete}
      value={value}
      onChange={(change) => onChange(change.target.value)}
      error={problem ? t(problem) : null}
      data-testid={testId}
    />
  );
}
