import type { PublicEvent } from "./public-schedule";
import { carriesWhiteText, readableTextColor, validHexColor } from "./readable-colors";

/** The event's colours as the CSS variables the pages are drawn with. */
export type EventTheme = Record<"--event-bg" | "--event-text" | "--accent" | "--accent-contrast", string>;

const DEFAULT_BACKGROUND = "#f4f5f8";
const DEFAULT_ACCENT = "#3346d3";

/**
 * CSS variables from the event's schedule colours (spec §1): `--event-bg` and `--event-text` for
 * the schedule's own area, with the text kept readable on the background, and `--accent` for
 * buttons and highlights: the first event colour that carries white text, else the product's own.
 */
export function eventTheme(event: Pick<PublicEvent, "schedule_background_color" | "schedule_text_color">): EventTheme {
  const background = validHexColor(event.schedule_background_color);
  const text = validHexColor(event.schedule_text_color);
  const accent = [background, text].find((color): color is string => color !== null && carriesWhiteText(color));
  return {
    "--event-bg": background ?? DEFAULT_BACKGROUND,
    "--event-text": readableTextColor(background ?? DEFAULT_BACKGROUND, text),
    "--accent": accent ?? DEFAULT_ACCENT,
    "--accent-contrast": "#ffffff",
  };
}
