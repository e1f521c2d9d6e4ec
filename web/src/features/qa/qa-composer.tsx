import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/button";
import { Checkbox } from "../../components/checkbox";
import { SendIcon } from "../../components/icons";
import { Notice } from "../../components/notice";
import type { ApiError } from "../../lib/api";
import { useApiErrorText } from "../../lib/use-api-error-text";
import { QaCounter, QaTextField, useQaDraft } from "./qa-draft";
import styles from "./qa-panel.module.css";

/**
 * Asking a question: 1 to 300 characters once trimmed (as the server counts them), a counter, and
 * "Ask anonymously" where the talk allows it. The text stays when sending fails, with the reason.
 */
export function QaComposer({
  mayAskAnonymously,
  onAsk,
}: {
  mayAskAnonymously: boolean;
  onAsk: (text: string, anonymous: boolean) => Promise<ApiError | null>;
}) {
  const { t } = useTranslation("qa");
  const errorText = useApiErrorText();
  const draft = useQaDraft();
  const { text, setText, length, sendable } = draft;
  const [anonymous, setAnonymous] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const counterId = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending || !sendable) return;
    setPending(true);
    setFailure(null);
    const error = await onAsk(text.trim(), mayAskAnonymously && anonymous);
    setPending(false);
    if (error) setFailure(error);
    else setText("");
  }

  return (
    <form className={styles.composer} onSubmit={submit} noValidate data-testid="qa-ask-form">
      <QaTextField
        draft={draft}
        label={t("ask.label")}
        placeholder={t("ask.placeholder")}
        counterId={counterId}
        testId="qa-ask-text"
      />
      <div className={styles.composerBar}>
        {mayAskAnonymously ? (
          <Checkbox isSelected={anonymous} onChange={setAnonymous} data-testid="qa-ask-anonymous">
            {t("ask.anonymous")}
          </Checkbox>
        ) : null}
        <QaCounter id={counterId} length={length} />
        <Button type="submit" icon={<SendIcon />} isDisabled={pending || !sendable} data-testid="qa-ask-submit">
          {t(pending ? "ask.sending" : "ask.submit")}
        </Button>
      </div>
      {failure ? (
        <Notice tone="danger" title={t("alert.ask")}>
          {failure.code === "network" ? errorText(failure) : failure.message}
        </Notice>
      ) : null}
    </form>
  );
}
