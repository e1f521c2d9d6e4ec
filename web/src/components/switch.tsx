import type { ReactNode } from "react";
import { Switch as AriaSwitch, type SwitchProps as AriaSwitchProps } from "react-aria-components";
import styles from "./switch.module.css";

type SwitchProps = Omit<AriaSwitchProps, "className" | "children" | "style"> & {
  /** The visible name; the whole label toggles, so it is the switch's hit area too. */
  children: ReactNode;
  /** `success` where "on" means "live for everyone" (a version online); `accent` otherwise. */
  tone?: "accent" | "success";
  /** Layout only (a margin, a grid area): the look is the primitive's. */
  className?: string;
  "data-testid"?: string;
};

/**
 * An on/off setting that takes effect at once (a quiz live, a version online). react-aria's: a
 * visually hidden `<input type="checkbox" role="switch">` inside the label, drawn as a track and a knob.
 * For a choice saved with a form, or one of several, use `Checkbox`.
 */
export function Switch({ children, tone = "accent", className, ...props }: SwitchProps) {
  return (
    <AriaSwitch {...props} className={[styles.switch, className].filter(Boolean).join(" ")} data-tone={tone}>
      <span className={styles.track} aria-hidden="true">
        <span className={styles.knob} />
      </span>
      <span className={styles.label}>{children}</span>
    </AriaSwitch>
  );
}
