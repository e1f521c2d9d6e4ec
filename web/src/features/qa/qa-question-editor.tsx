import { type FormEvent, type KeyboardEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { CheckIcon } from "../../components/icons";
import { Notice } from "../../components/notice";
import type { ApiError } from "../../lib/api";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { QaCounter, QaTextField, useQaDraft } from "./qa-draft";
import styles from "./qa-panel.module.css";

/**
 * The asker rewording their question in place: the ask box's limits and counter, Save and Cancel,
 * Escape cancels and Ctrl+Enter saves. A refusal (a vote came first: 409 `qa-question-locked`)
 * shows the server's reason and keeps the draft; the question keeps its words.
 */
export function QaQuestionEditor({
  initial,
  onSave,
  onClose,
}: {
  initial: string;
  onSave: (text: string) => Promise<ApiError | null>;
  onClose: () => void;
}) {
  const { t } = useTranslation("qa");
  const errorText = useApiErrorText();
  const draft = useQaDraft(initial);
  const { text, length, sendable } = draft;
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const counterId = useId();
  const unchanged = text.trim() === initial;

  async function save(event?: FormEvent) {
    event?.preventDefault();
    if (pending || !sendable) return;
    if (unchanged) return onClose();
    setPending(true);
    setFailure(null);
    const error = await onSave(text.trim());
    setPending(false);
    if (error) setFailure(error);
    else onClose();
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === "Escape") {
      event.preventDefault();
      onClose();
    } else if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void save();
    }
  }

  return (
    <form className={styles.editor} onSubmit={save} onKeyDown={onKeyDown} noValidate data-testid="qa-edit-form">
      <QaTextField draft={draft} label={t("edit.label")} counterId={counterId} focusOnOpen testId="qa-edit-text" />
      <div className={styles.editorBar}>
        <QaCounter id={counterId} length={length} />
        <div className={styles.editorButtons}>
          <Button variant="ghost" onPress={onClose} data-testid="qa-edit-cancel">
            {t("edit.cancel")}
          </Button>
          <Button type="submit" icon={<CheckIcon />} isDisabled={pending || !sendable} data-testid="qa-edit-save">
            {t(pending ? "edit.saving" : "edit.save")}
          </Button>
        </div>
      </div>
      {failure ? (
        <Notice tone="danger" title={t("alert.reword")} testId="qa-edit-error">
          {failure.code === "network" ? errorText(failure) : failure.message}
        </Notice>
      ) : null}
    </form>
  );
}
