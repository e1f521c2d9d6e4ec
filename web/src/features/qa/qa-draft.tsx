import { MAX_QA_QUESTION_LENGTH } from "@core/qa/rules";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ComposerText } from "../../components/composer-text";
import styles from "./qa-panel.module.css";

/**
 * A question being written, asked or reworded alike: 1 to 300 characters once trimmed, as the
 * server counts them (`QaText`), so what the box lets one send is what the server takes.
 */
export function useQaDraft(initial = "") {
  const [text, setText] = useState(initial);
  const length = text.trim().length;
  const tooLong = length > MAX_QA_QUESTION_LENGTH;
  return { text, setText, length, tooLong, sendable: length > 0 && !tooLong };
}

/** The draft's length against the limit, red beyond it. */
export function QaCounter({ id, length }: { id: string; length: number }) {
  const { t } = useTranslation("qa");
  return (
    <span id={id} className={styles.counter} data-over={length > MAX_QA_QUESTION_LENGTH || undefined}>
      {t("ask.counter", { length, max: MAX_QA_QUESTION_LENGTH })}
    </span>
  );
}

type QaDraft = ReturnType<typeof useQaDraft>;

/**
 * The draft's box, with its label for screen readers, described by its counter. It takes a little
 * more than the limit, so that a pasted text is cut by the reader, told by the counter.
 */
export function QaTextField({
  draft,
  label,
  counterId,
  placeholder,
  focusOnOpen = false,
  testId,
}: {
  draft: QaDraft;
  label: string;
  counterId: string;
  placeholder?: string;
  /** Opened by a press (Edit): the box takes the typing at once. */
  focusOnOpen?: boolean;
  testId: string;
}) {
  return (
    <ComposerText
      label={label}
      className={styles.textarea}
      value={draft.text}
      placeholder={placeholder}
      // Only when a press on Edit opened the box.
      autoFocus={focusOnOpen}
      maxLength={MAX_QA_QUESTION_LENGTH + 50}
      aria-describedby={counterId}
      aria-invalid={draft.tooLong || undefined}
      onChange={(change) => draft.setText(change.target.value)}
      data-testid={testId}
    />
  );
}
