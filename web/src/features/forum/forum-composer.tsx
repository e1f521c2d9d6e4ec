import { MAX_FORUM_TEXT_LENGTH } from "@core/forum/rules";
import { type FormEvent, type KeyboardEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { ComposerText } from "../../components/composer-text";
import { SendIcon } from "../../components/icons";
import { Notice } from "../../components/notice";
import type { ApiError } from "../../lib/api";
import styles from "./forum-panel.module.css";
import type { ForumAlertKey } from "./use-forum";

/** The counter shows from here on: far from the limit it is noise. */
const COUNTER_FROM = MAX_FORUM_TEXT_LENGTH - 200;

/**
 * A text box for a new post or a reply: text only, 1 to 2,000 characters once trimmed (as the
 * server counts them), a counter near the limit, Ctrl+Enter to send. The text stays when sending
 * fails, with the §8 alert and the server's reason under it.
 */
export function ForumComposer({
  label,
  placeholder,
  submitLabel,
  failureKey,
  onSubmit,
  onCancel,
  autoFocus = false,
  testId,
}: {
  label: string;
  placeholder: string;
  submitLabel: string;
  failureKey: ForumAlertKey;
  onSubmit: (text: string) => Promise<ApiError | null>;
  onCancel?: () => void;
  autoFocus?: boolean;
  testId: string;
}) {
  const { t } = useTranslation(["forum", "common"]);
  const [text, setText] = useState("");
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const counterId = useId();
  const length = text.trim().length;
  const tooLong = length > MAX_FORUM_TEXT_LENGTH;

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    if (pending || length === 0 || tooLong) return;
    setPending(true);
    setFailure(null);
    const error = await onSubmit(text.trim());
    setPending(false);
    if (error) setFailure(error);
    else setText("");
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    } else if (event.key === "Escape" && onCancel) {
      event.preventDefault();
      onCancel();
    }
  }

  return (
    <form className={styles.composer} onSubmit={submit} noValidate data-testid={testId}>
      <ComposerText
        label={label}
        className={styles.textarea}
        value={text}
        placeholder={placeholder}
        // Opened by a click on Reply, the reply box takes the typing.
        autoFocus={autoFocus}
        aria-invalid={tooLong || undefined}
        aria-describedby={length >= COUNTER_FROM ? counterId : undefined}
        onChange={(change) => setText(change.target.value)}
        onKeyDown={onKeyDown}
        data-testid={`${testId}-input`}
      />
      <div className={styles.composerBar}>
        {length >= COUNTER_FROM ? (
          <span
            id={counterId}
            className={styles.counter}
            data-over={tooLong || undefined}
            aria-live="polite"
            data-testid={`${testId}-counter`}
          >
            {t("composer.counter", { length, max: MAX_FORUM_TEXT_LENGTH })}
          </span>
        ) : null}
        {onCancel ? (
          <button type="button" className={styles.textButton} onClick={onCancel}>
            {t("composer.cancel")}
          </button>
        ) : null}
        <Button
          type="submit"
          className={styles.send}
          isDisabled={pending || length === 0 || tooLong}
          data-testid={`${testId}-submit`}
        >
          <SendIcon />
          {pending ? t("composer.sending") : submitLabel}
        </Button>
      </div>
      {failure ? (
        <Notice tone="danger" title={t(failureKey)} testId={`${testId}-error`}>
          {failure.code === "network" ? t("common:error.offline") : failure.message}
        </Notice>
      ) : null}
    </form>
  );
}
