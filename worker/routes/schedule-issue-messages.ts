import type { ScheduleIssueText } from "@core/schedule/frab-issues";
import en from "../../locales/en/validation.json";
import fr from "../../locales/fr/validation.json";
import { fillText } from "../issue-messages";

/**
 * The schedule importer (core/schedule/frab.ts) gives each issue as a locale text's key and the
 * values of its placeholders; the API tells it in the caller's language.
 */
const TEXTS = { fr, en } satisfies Record<"fr" | "en", Record<ScheduleIssueText["key"], string>>;

export function scheduleIssueMessage(issue: ScheduleIssueText, locale: "fr" | "en"): string {
  return fillText(TEXTS[locale][issue.key], issue.values ?? {});
}
