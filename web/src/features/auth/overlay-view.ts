import type { PublicEvent } from "@core/schedule/public-schedule";
import type { ReactNode } from "react";
import type { LoginView } from "./login-overlay-state";

/** A message of the overlay (spec §8): above the form, kept when the view changes with it. */
export interface OverlayNotice {
  tone: "success" | "danger";
  title?: string;
  text: string;
}

/** What every view of the overlay gets. */
export interface OverlayViewProps {
  event: PublicEvent;
  /** The id its heading carries: the dialog's name. */
  titleId: string;
  /** The overlay's message, shown under the view's heading. */
  notice: ReactNode;
  /** Shows (or clears) the overlay's message. */
  report: (notice: OverlayNotice | null) => void;
  /** Goes to another view, with a message for it. */
  show: (view: LoginView, notice?: OverlayNotice | null) => void;
}
