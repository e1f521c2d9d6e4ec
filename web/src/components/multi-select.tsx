import { useEffect, useId, useRef, useState } from "react";
import { ChevronDownIcon } from "./icons";
import styles from "./multi-select.module.css";

interface MultiSelectOption<Value extends string | number> {
  value: Value;
  label: string;
}

/**
 * A filter of several values: a button showing the label and how many are chosen, opening a
 * list of checkboxes. Escape or a click elsewhere closes it; focus goes back to the button.
 */
export function MultiSelect<Value extends string | number>({
  label,
  clearLabel,
  options,
  selected,
  onChange,
  testId,
}: {
  label: string;
  clearLabel: string;
  options: readonly MultiSelectOption<Value>[];
  selected: readonly Value[];
  onChange: (selected: Value[]) => void;
  testId: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const chosen = new Set<Value>(selected);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      if (root.current?.contains(document.activeElement)) button.current?.focus();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
    };
  }, [open]);

  const toggle = (value: Value) =>
    onChange(
      chosen.has(value)
        ? selected.filter((candidate) => candidate !== value)
        : options.map((option) => option.value).filter((candidate) => candidate === value || chosen.has(candidate)),
    );

  return (
    <div ref={root} className={styles.multiSelect}>
      <button
        ref={button}
        type="button"
        className={styles.button}
        aria-expanded={open}
        aria-controls={panelId}
        data-active={selected.length > 0 ? "true" : undefined}
        data-testid={testId}
        onClick={() => setOpen((shown) => !shown)}
      >
        <span>{label}</span>
        {selected.length > 0 ? <span className={styles.count}>{selected.length}</span> : null}
        <ChevronDownIcon className={styles.chevron} />
      </button>
      {open ? (
        <fieldset id={panelId} className={styles.panel} data-testid={`${testId}-options`}>
          <legend className="visually-hidden">{label}</legend>
          <ul className={styles.options}>
            {options.map((option) => (
              <li key={option.value}>
                <label className={styles.option}>
                  <input type="checkbox" checked={chosen.has(option.value)} onChange={() => toggle(option.value)} />
                  <span>{option.label}</span>
                </label>
              </li>
            ))}
          </ul>
          {selected.length > 0 ? (
            <button type="button" className={styles.clear} onClick={() => onChange([])}>
              {clearLabel}
            </button>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}
