import type { ReactNode } from "react";
import buttons from "./button.module.css";
import styles from "./tool-button.module.css";

/**
 * A tool of a working surface (the chapter editor's toolbar): an icon and a sentence-case text.
 * `label` is its name (and tooltip) when the text shown differs or is dropped: `text` shorter
 * ("WebVTT" for "Export WebVTT"), or `textOnPhone: false` (the icon alone at 433 px and below).
 */
export function ToolButton({
  icon,
  text,
  label,
  hint,
  onPress,
  keys,
  disabled,
  iconAfter = false,
  textOnPhone = true,
  testId,
}: {
  icon?: ReactNode;
  text?: string;
  label?: string;
  /** What the tool does, as a tooltip, when the text alone is terse. */
  hint?: string;
  onPress: () => void;
  /** `aria-keyshortcuts`: the key that does the same. */
  keys?: string;
  disabled?: boolean;
  iconAfter?: boolean;
  textOnPhone?: boolean;
  testId?: string;
}) {
  const shown = text ? <span className={textOnPhone ? undefined : styles.wideOnly}>{text}</span> : null;
  return (
    <button
      type="button"
      className={buttons.tool}
      onClick={onPress}
      disabled={disabled}
      aria-label={label}
      title={hint ?? label}
      aria-keyshortcuts={keys}
      data-testid={testId}
    >
      {iconAfter ? null : icon}
      {shown}
      {iconAfter ? icon : null}
    </button>
  );
}
