import en from "../../locales/en/validation.json";
import fr from "../../locales/fr/validation.json";
import { fillText } from "../issue-messages";

/**
 * The schedule importer (core/schedule/frab.ts) words its issues in English, for the import
 * script and the tests; the API answers them in the caller's language. Each English message is
 * matched against the `schedule-*` texts of locales/en/validation.json and told again with the
 * same values in the caller's language; a message no text matches is left as it is.
 */

type Key = Extract<keyof typeof en, `schedule-${string}`>;

const KEYS = (Object.keys(en) as (keyof typeof en)[]).filter((key): key is Key => key.startsWith("schedule-"));

/** An English text as a pattern: `{{got}}` captures anything, the rest is literal. */
function patternOf(template: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template
    .split(/(\{\{\w+\}\})/)
    .map((part) => {
      const name = /^\{\{(\w+)\}\}$/.exec(part)?.[1];
      if (name === undefined) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(name);
      return "(.+?)";
    })
    .join("");
  return { pattern: new RegExp(`^${source}$`, "s"), names };
}

// Texts with placeholders last: "expected {{expected}}, got {{received}}" would take every more precise one.
const MATCHERS = KEYS.map((key) => ({ key, ...patternOf(en[key]) })).sort(
  (a, b) => a.names.length - b.names.length || en[b.key].length - en[a.key].length,
);

export function scheduleIssueMessage(message: string, locale: "fr" | "en"): string {
  if (locale === "en") return message;
  for (const { key, pattern, names } of MATCHERS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? ""]));
    return fillText(fr[key], values);
  }
  return message;
}
