import type { ReactNode } from "react";
import styles from "./card.module.css";

/**
 * A light panel on the page: a list item, a form, a quiz panel. `padded` for content written
 * straight into it; a card drawn in bands (a header, a list) pads them itself.
 */
export function Card({
  as: Element = "div",
  padded = true,
  className,
  children,
  ...props
}: {
  as?: "div" | "section" | "article" | "li";
  padded?: boolean;
  /** Layout only (a grid area, a gap). */
  className?: string;
  children: ReactNode;
  "aria-labelledby"?: string;
  "data-testid"?: string;
}) {
  return (
    <Element {...props} className={[styles.card, padded ? styles.padded : null, className].filter(Boolean).join(" ")}>
      {children}
    </Element>
  );
}
