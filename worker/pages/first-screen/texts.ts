import enCommon from "../../../locales/en/common.json";
import enShell from "../../../locales/en/event-shell.json";
import enSchedule from "../../../locales/en/schedule.json";
import enSynopsis from "../../../locales/en/synopsis.json";
import frCommon from "../../../locales/fr/common.json";
import frShell from "../../../locales/fr/event-shell.json";
import frSchedule from "../../../locales/fr/schedule.json";
import frSynopsis from "../../../locales/fr/synopsis.json";
import { fillText } from "../../issue-messages";

export type FirstScreenLocale = "fr" | "en";

const TEXTS = {
  fr: { common: frCommon, "event-shell": frShell, schedule: frSchedule, synopsis: frSynopsis },
  en: { common: enCommon, "event-shell": enShell, schedule: enSchedule, synopsis: enSynopsis },
} as const;

type Namespace = keyof (typeof TEXTS)["fr"];

/**
 * The app's own texts (locales/) for the first screen, in the reader's language: `text` with
 * i18next's `{{name}}` placeholders, `count` choosing the `_one`/`_other` form as i18next does.
 */
export function firstScreenTexts(locale: FirstScreenLocale) {
  const plural = new Intl.PluralRules(locale);
  const lookup = (namespace: Namespace, key: string): string =>
    (TEXTS[locale][namespace] as Record<string, string | undefined>)[key] ?? key;
  return {
    locale,
    text: (namespace: Namespace, key: string, values: Record<string, string | number> = {}) =>
      fillText(
        lookup(namespace, key),
        Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)])),
      ),
    count: (namespace: Namespace, key: string, count: number) =>
      fillText(lookup(namespace, `${key}_${plural.select(count) === "one" ? "one" : "other"}`), {
        count: String(count),
      }),
  };
}

export type FirstScreenTexts = ReturnType<typeof firstScreenTexts>;

/** The reader's language as the app keeps it in the `locale` cookie (web/src/lib/locale-cookie.ts). */
export function readerLocale(request: Request): FirstScreenLocale {
  const cookie = request.headers.get("cookie") ?? "";
  return /(?:^|;\s*)locale=en(?:;|$)/.test(cookie) ? "en" : "fr";
}
