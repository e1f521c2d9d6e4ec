import { MAX_QA_QUESTION_LENGTH } from "@core/qa/rules";
import { useState } from "react";
import { useTranslation } from "react-i18next";
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
