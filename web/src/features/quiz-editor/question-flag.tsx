import { Checkbox } from "../../components/checkbox";
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
    <Checkbox className={styles.flag} isSelected={checked} onChange={onChange} data-testid={testId}>
      {label}
      <span className={notes.hint}>{hint}</span>
    </Checkbox>
  );
}
