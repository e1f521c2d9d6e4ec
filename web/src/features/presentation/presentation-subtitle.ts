import type { PublicPresentation } from "@core/schedule/public-schedule";

/**
 * A talk's subtitle from its frab schedule (38C3's titles end in ':' and the subtitle completes
 * them), shown under the name whether or not the talk has an abstract; null when absent or blank.
 */
export function presentationSubtitle(presentation: Pick<PublicPresentation, "subtitle">): string | null {
  return presentation.subtitle?.trim() || null;
}
