import { getDefaultStore } from "jotai";
import { atomWithStorage } from "jotai/utils";
import { plainStringStorage, readPlainString } from "./local-storage";

import { DEFAULT_LOCALE, LOCALES, type Locale } from "./locale-codes";

export { DEFAULT_LOCALE, LOCALES, type Locale };

/** The spec's local-storage entry for the interface language; holds the bare code, `fr` or `en`. */
const LOCALE_STORAGE_KEY = "locale";

function parseLocale(stored: string | null): Locale {
  return (LOCALES as readonly (string | null)[]).includes(stored) ? (stored as Locale) : DEFAULT_LOCALE;
}

export function readStoredLocale(): Locale {
  return readPlainString(LOCALE_STORAGE_KEY, parseLocale);
}

export const localeAtom = atomWithStorage<Locale>(LOCALE_STORAGE_KEY, DEFAULT_LOCALE, plainStringStorage(parseLocale), {
  getOnInit: true,
});

/** The locale outside React (API headers). */
export function currentLocale(): Locale {
  return getDefaultStore().get(localeAtom);
}
