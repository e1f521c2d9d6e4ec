import notes from "./editor-notes.module.css";
import styles from "./question-card.module.css";

/** A yes/no property of a question (survey, visible): a checkbox, its name and what it means. */
export function QuestionFlag({
  label,
  hint,
  checked,
  onChange,
  testId,
}: {
  label: string;
  hint: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}) {
  return (
    <label className={styles.flag}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(change) => onChange(change.target.checked)}
        data-testid={testId}
      />
      <span>
        {label}
        <span className={notes.hint}>{hint}</span>
      </span>
    </label>
  );
}
