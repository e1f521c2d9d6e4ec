import { useId } from "react";
import { SearchIcon } from "./icons";
import styles from "./search-field.module.css";

/**
 * A search box: the magnifier inside, a label for assistive technology only (the placeholder
 * shows what to type). The Worker's first screen draws the same classes
 * (worker/pages/first-screen/shared-parts.ts `searchField`), so keep the two together.
 */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  className,
  testId,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (text: string) => void;
  /** Layout only (a margin, a grid area). */
  className?: string;
  testId?: string;
}) {
  const id = useId();
  return (
    <div className={[styles.field, className].filter(Boolean).join(" ")}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <SearchIcon className={styles.icon} />
      <input
        id={id}
        type="search"
        className={styles.input}
        placeholder={placeholder}
        value={value}
        onChange={(change) => onChange(change.target.value)}
        autoComplete="off"
        data-testid={testId}
      />
    </div>
  );
}
