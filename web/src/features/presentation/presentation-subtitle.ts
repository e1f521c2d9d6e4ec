import type { PublicPresentation } from "@core/schedule/public-schedule";

/**
 * A talk's subtitle from its frab schedule (38C3's titles end in ':' and the subtitle completes
 * them), shown under the name whether or not the talk has an abstract. The schedule answer does
 * not carry it yet (the importer keeps it only as the abstract of a talk without one), so it is
 * read only when the presentation has it; null when absent or blank.
 */
export function presentationSubtitle(presentation: PublicPresentation): string | null {
  const value = "subtitle" in presentation ? presentation.subtitle : undefined;
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}
