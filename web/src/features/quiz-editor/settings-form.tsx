import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { EventCaller } from "../../app-state/event-caller";
import { Button } from "../../components/button";
import { DateTimeField } from "../../components/date-time-field";
import { TextField } from "../../components/form-field";
import { Notice } from "../../components/notice";
import { Switch } from "../../components/switch";
import { type ApiError, asApiError } from "../../lib/api";
import { useFocusFirstProblem } from "../../lib/form-problems";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { useSingleFlight } from "../../lib/use-single-flight";
import notes from "./editor-notes.module.css";
import { fetchSettings, saveSettings } from "./quiz-editor-api";
import {
  checkSettings,
  type SettingsField,
  type SettingsFields,
  type SettingsProblems,
  settingsFields,
  settingsProblemsFromIssues,
} from "./settings-fields";
import styles from "./settings-sidebar.module.css";

/** Whose settings, and the event's time zone, on whose wall clock the times are read and written. */
export interface SettingsTarget {
  presentationId: number;
  caller: EventCaller;
  timeZone: string;
}

type Message = { tone: "success" } | { tone: "danger"; error: ApiError };
type TimeField = Exclude<SettingsField, "live" | "timer">;

/**
 * Spec §2 quiz settings: live flag, the self-paced windows (questions from/to, results from/to)
 * on the event's wall clock, and the timer. Checked here with the API's own rules and the spec's
 * messages before anything is sent; a refusal of the server is shown the same way.
 */
export function SettingsForm({ presentationId, caller, timeZone }: SettingsTarget) {
  const { t } = useTranslation("quiz-editor");
  const errorText = useApiErrorText();
  const [fields, setFields] = useState<SettingsFields | null>(null);
  const [loadError, setLoadError] = useState<ApiError | null>(null);
  const [problems, setProblems] = useState<SettingsProblems>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [pending, run] = useSingleFlight();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstProblem(form, problems);

  useEffect(() => {
    const controller = new AbortController();
    fetchSettings(presentationId, caller, controller.signal)
      .then((view) => setFields(settingsFields(view, timeZone)))
      .catch((error) => {
        if (!controller.signal.aborted) setLoadError(asApiError(error));
      });
    return () => controller.abort();
  }, [presentationId, caller, timeZone]);

  if (!fields) {
    return loadError ? (
      <Notice tone="danger" title={t("settings.load-error-title")} testId="quiz-settings-load-error">
        {`${t("settings.load-error")} ${errorText(loadError)}`}
      </Notice>
    ) : (
      <p className={notes.hint}>{t("settings.loading")}</p>
    );
  }

  const change = (field: SettingsField) => (input: ChangeEvent<HTMLInputElement>) => {
    const value = field === "live" ? input.target.checked : input.target.value;
    setFields({ ...fields, [field]: value });
    setMessage(null);
  };

  function submit(submitEvent: FormEvent<HTMLFormElement>) {
    submitEvent.preventDefault();
    if (!fields) return;
    const checked = checkSettings(fields, timeZone);
    setMessage(null);
    if (checked.problems) {
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    run(async () => {
      try {
        setFields(settingsFields(await saveSettings(presentationId, caller, checked.body), timeZone));
        setMessage({ tone: "success" });
      } catch (error) {
        const refusal = asApiError(error);
        setProblems(settingsProblemsFromIssues(refusal.issues));
        setMessage({ tone: "danger", error: refusal });
      }
    });
  }

  // In the app's language whatever the browser's (FR: 23/11/2026 10:00), on the event's wall clock.
  const timeField = (field: TimeField, label: string) => (
    <DateTimeField
      label={label}
      required
      value={fields[field]}
      onChange={(value) => {
        setFields({ ...fields, [field]: value });
        setMessage(null);
      }}
      error={problems[field] ? t(problems[field]) : null}
      testId={`quiz-settings-${field.replaceAll("_", "-")}`}
    />
  );

  return (
    <form ref={form} className={styles.form} noValidate onSubmit={submit} data-testid="quiz-settings">
      <Switch
        isSelected={fields.live}
        onChange={(live) => {
          setFields({ ...fields, live });
          setMessage(null);
        }}
        data-testid="quiz-settings-live"
      >
        {t("settings.live")}
        <span className={notes.hint}>{t(fields.live ? "settings.live-on" : "settings.live-off")}</span>
      </Switch>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t("settings.questions")}</legend>
        {timeField("questions_from_time", t("settings.from"))}
        {timeField("questions_to_time", t("settings.to"))}
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={styles.legend}>{t("settings.results")}</legend>
        {timeField("results_from_time", t("settings.from"))}
        {timeField("results_to_time", t("settings.to"))}
      </fieldset>
      <p className={notes.hint}>{t("settings.time-zone", { timeZone })}</p>
      <TextField
        label={t("settings.timer")}
        type="number"
        inputMode="numeric"
        min={5}
        max={600}
        step={1}
        required
        value={fields.timer}
        onChange={change("timer")}
        error={problems.timer ? t(problems.timer) : null}
        data-testid="quiz-settings-timer"
      />
      {message?.tone === "success" ? (
        <Notice tone="success" testId="quiz-settings-notice">
          {t("save.success")}
        </Notice>
      ) : null}
      {message?.tone === "danger" ? (
        <Notice tone="danger" title={t("save.error")} testId="quiz-settings-notice">
          {errorText(message.error)}
        </Notice>
      ) : null}
      <Button type="submit" isDisabled={pending} data-testid="quiz-settings-save">
        {t(pending ? "settings.saving" : "settings.save")}
      </Button>
    </form>
  );
}
