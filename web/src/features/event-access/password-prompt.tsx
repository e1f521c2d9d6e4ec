import { eventTheme } from "@core/schedule/event-theme";
import { formatDayMonthYearRange } from "@core/schedule/format-dates";
import { type FormEvent, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import buttons from "../../components/button.module.css";
import { EventLogo } from "../../components/event-logo";
import { EyeIcon, EyeOffIcon, LockIcon } from "../../components/icons";
import { LocaleSwitcher } from "../../components/locale-switcher";
import type { ApiError } from "../../lib/api";
import { useApiErrorText } from "../../lib/use-api-error-text";
import styles from "./password-prompt.module.css";
import { useEventBasics } from "./use-event-basics";
import type { UnlockResult } from "./use-schedule-access";

type Problem = { kind: "required" } | { kind: "invalid" } | { kind: "failed"; error: ApiError };

/** Spec §2 password prompt, in the event's branding: a password field, Enter, and why it was refused. */
export function PasswordPrompt({
  slug,
  onUnlock,
}: {
  slug: string;
  onUnlock: (password: string) => Promise<UnlockResult>;
}) {
  const { t, i18n } = useTranslation(["event-access", "errors"]);
  const { t: common } = useTranslation("common");
  const errorText = useApiErrorText();
  const event = useEventBasics(slug);
  const [password, setPassword] = useState("");
  const [visible, setVisible] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const problemId = useId();
  const titleId = useId();

  async function submit(formEvent: FormEvent<HTMLFormElement>) {
    formEvent.preventDefault();
    if (pending) return;
    if (password === "") {
      setProblem({ kind: "required" });
      input.current?.focus();
      return;
    }
    setPending(true);
    setProblem(null);
    const result = await onUnlock(password);
    // Once opened, the schedule replaces this prompt.
    if (result.outcome === "opened") return;
    setPending(false);
    setProblem(result.outcome === "invalid" ? { kind: "invalid" } : { kind: "failed", error: result.error });
    input.current?.select();
  }

  const problemText =
    problem?.kind === "required"
      ? t("password.required")
      : problem?.kind === "invalid"
        ? t("errors:error.invalid-password")
        : problem
          ? errorText(problem.error)
          : null;

  return (
    <div className={styles.page} style={event ? eventTheme(event) : undefined}>
      <header className={styles.bar}>
        <LocaleSwitcher />
      </header>
      <main className={styles.main}>
        <section className={styles.card} aria-labelledby={titleId}>
          {event ? (
            <div className={styles.brand}>
              <EventLogo src={event.logo} name={event.name} width={110} height={60} />
              <div>
                <p className={styles.eventName} data-testid="event-name">
                  {event.name}
                </p>
                <p className={styles.dates}>{formatDayMonthYearRange(event.start, event.end, i18n.language)}</p>
              </div>
            </div>
          ) : null}
          <div className={styles.heading}>
            <span className={styles.lock}>
              <LockIcon />
            </span>
            <h1 id={titleId} className={styles.title}>
              {t("password.title")}
            </h1>
          </div>
          <p className={styles.intro}>{t("password.intro")}</p>
          <form className={styles.form} noValidate onSubmit={submit}>
            <label htmlFor={inputId} className={styles.label}>
              {t("password.label")}
            </label>
            <div className={styles.field} data-invalid={problem ? "true" : undefined}>
              <input
                ref={input}
                id={inputId}
                className={styles.input}
                type={visible ? "text" : "password"}
                autoComplete="current-password"
                // biome-ignore lint/a11y/noAutofocus: the field is the only thing this page asks for
                autoFocus
                value={password}
                onChange={(change) => setPassword(change.target.value)}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? problemId : undefined}
                data-testid="password-input"
              />
              <button
                type="button"
                className={`${buttons.icon} ${styles.reveal}`}
                aria-pressed={visible}
                aria-label={common(visible ? "password.hide" : "password.show")}
                onClick={() => setVisible((shown) => !shown)}
              >
                {visible ? <EyeOffIcon /> : <EyeIcon />}
              </button>
            </div>
            {problemText ? (
              <p
                id={problemId}
                className={styles.problem}
                role="alert"
                data-testid={problem?.kind === "invalid" ? "invalid-password" : "password-problem"}
              >
                {problemText}
              </p>
            ) : null}
            <Button type="submit" className={styles.submit} isDisabled={pending} data-testid="password-submit">
              {pending ? t("password.checking") : t("password.submit")}
            </Button>
          </form>
        </section>
      </main>
    </div>
  );
}
