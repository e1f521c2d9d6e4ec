import "react";

declare module "react" {
  /** CSS variables (`--event-bg`, `--track`, …) are style properties too. */
  interface CSSProperties {
    [variable: `--${string}`]: string | number | undefined;
  }
}
