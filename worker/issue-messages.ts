import * as v from "valibot";
import en from "../locales/en/validation.json";
import fr from "../locales/fr/validation.json";

type MessageKey = keyof typeof en;
const TEXTS: Record<"fr" | "en", Record<MessageKey, string>> = { fr, en };

const hasText = (type: string): type is MessageKey => type in en;

/** Only sizes and bounds read well in a sentence; a regex or a check function does not. */
const SHOWN_REQUIREMENTS = new Set(["length", "min_length", "max_length", "min_value", "max_value"]);

/** A locale's text with its `{{name}}` placeholders filled in (a missing value leaves nothing). */
export function fillText(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_whole, name: string) => values[name] ?? "");
}

function message(issue: v.BaseIssue<unknown>, locale: "fr" | "en"): string {
  const key: MessageKey = issue.kind === "schema" ? "schema" : hasText(issue.type) ? issue.type : "invalid";
  const values: Record<string, string> = {
    expected: issue.expected ?? "?",
    received: issue.received,
    requirement: SHOWN_REQUIREMENTS.has(issue.type) ? String(issue.requirement) : "",
  };
  return fillText(TEXTS[locale][key], values);
}

/**
 * valibot's own messages in French and English, used when a parse names its `lang`. A schema's
 * own message (the spec's texts, such as `timer is a required number`) still wins: clients map those.
 */
export function registerIssueMessages() {
  for (const locale of ["fr", "en"] as const) v.setGlobalMessage((issue) => message(issue, locale), locale);
}
