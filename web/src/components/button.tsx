import type { AnchorHTMLAttributes, ReactNode } from "react";
import { Button as AriaButton, type ButtonProps as AriaButtonProps } from "react-aria-components";
import { AppLink } from "./app-link";
import styles from "./button.module.css";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";

interface Look {
  variant?: ButtonVariant;
  /** `large`: the one action that matters most on a phone (join, start, submit). */
  size?: "medium" | "large";
  /** As wide as its container. */
  block?: boolean;
  /** On the quiz's dark stage (features/quiz): only `primary` and `secondary` apply there. */
  stage?: boolean;
}

function buttonClass(
  { variant = "primary", size = "medium", block = false, stage = false }: Look,
  extra?: string,
): string {
  return [
    styles.primary,
    stage ? styles.stage : null,
    variant === "primary" ? null : styles[variant],
    size === "large" ? styles.large : null,
    block ? styles.block : null,
    extra,
  ]
    .filter(Boolean)
    .join(" ");
}

/** What react-aria's Button does not pass on to the element: a tooltip and the keys that do the same. */
interface Hints {
  /** A tooltip, where the text alone is terse ("Cut" → "Cut the chapter here (B)"). */
  title?: string;
  /** `aria-keyshortcuts`: the key that does the same ("ArrowLeft", "Control+Z"). */
  keyShortcuts?: string;
  /** `aria-busy`: the change it made is on its way (a bookmark being saved). */
  busy?: boolean;
}

type ButtonProps = Omit<AriaButtonProps, "className" | "children"> &
  Look &
  Hints & {
    /** Layout only (a margin, a grid area): the look is the variant's. */
    className?: string;
    icon?: ReactNode;
    children: ReactNode;
    "data-testid"?: string;
  };

/**
 * The product's button (react-aria's: press on touch, keyboard and pointer alike). `primary` for
 * the page's main action, `secondary` for the other of a pair, `danger` for what destroys or ends,
 * `ghost` for a quiet action in a list.
 */
export function Button({
  variant,
  size,
  block,
  stage,
  className,
  icon,
  children,
  title,
  keyShortcuts,
  busy,
  ...props
}: ButtonProps) {
  return (
    <AriaButton
      {...props}
      className={buttonClass({ variant, size, block, stage }, className)}
      render={(dom) => <button {...dom} title={title} aria-keyshortcuts={keyShortcuts} aria-busy={busy || undefined} />}
    >
      {icon}
      {children}
    </AriaButton>
  );
}

/** A link drawn as a Button, for an action that goes to another page. In-app paths do not reload the page. */
export function ButtonLink({
  variant,
  size,
  block,
  stage,
  className,
  icon,
  children,
  external = false,
  ...props
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "className"> &
  Look & { href: string; className?: string; icon?: ReactNode; external?: boolean; "data-testid"?: string }) {
  const Anchor = external ? "a" : AppLink;
  return (
    <Anchor {...props} className={buttonClass({ variant, size, block, stage }, className)}>
      {icon}
      {children}
    </Anchor>
  );
}

/**
 * A button showing an icon alone: `label` names it (and is its tooltip), its hit area is the
 * 44 px target whatever the icon's size.
 */
export function IconButton({
  icon,
  label,
  className,
  tooltip = true,
  keyShortcuts,
  busy,
  ...props
}: Omit<AriaButtonProps, "className" | "children" | "aria-label"> &
  Omit<Hints, "title"> & {
    icon: ReactNode;
    label: string;
    /** Layout and colour only (a corner, a muted tone). */
    className?: string;
    /** Off where the label is already written beside it. */
    tooltip?: boolean;
    "data-testid"?: string;
  }) {
  return (
    <AriaButton
      {...props}
      aria-label={label}
      className={[styles.icon, className].filter(Boolean).join(" ")}
      // The browser's own tooltip (react-aria's Button passes no `title` on).
      render={(dom) => (
        <button
          {...dom}
          title={tooltip ? label : undefined}
          aria-keyshortcuts={keyShortcuts}
          aria-busy={busy || undefined}
        />
      )}
    >
      {icon}
    </AriaButton>
  );
}
