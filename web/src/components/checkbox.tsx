import type { ReactNode } from "react";
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from "react-aria-components";
import styles from "./checkbox.module.css";
import { CheckIcon } from "./icons";

type CheckboxProps = Omit<AriaCheckboxProps, "className" | "children" | "style"> & {
  /** The visible name (with any hint under it); the whole label toggles the box. */
  children: ReactNode;
  /** Layout only (a margin, a grid area): the look is the primitive's. */
  className?: string;
  "data-testid"?: string;
};

/**
 * A yes/no choice (a filter, a form's option, an answer marked correct). react-aria's: a visually
 * hidden `<input type="checkbox">` inside the label, drawn as an 18 px box; the label is the hit
 * area, at least `--target` high. For a setting that takes effect at once, use `Switch`.
 */
export function Checkbox({ children, className, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox {...props} className={[styles.checkbox, className].filter(Boolean).join(" ")}>
      <span className={styles.box} aria-hidden="true">
        <CheckIcon className={styles.mark} />
      </span>
      <span className={styles.label}>{children}</span>
    </AriaCheckbox>
  );
}
