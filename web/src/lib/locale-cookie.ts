import type { Locale } from "./locale-codes";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/**
 * The interface language as a cookie too, for the pages the Worker draws before the app runs
 * (worker/pages/first-screen/texts.ts): local storage, where the app keeps it, never reaches the
 * server. Not personal and not a secret.
 */
export function writeLocaleCookie(locale: Locale) {
  // biome-ignore lint/suspicious/noDocumentCookie: one plain value, no need for the Cookie Store API's asynchrony
  document.cookie = `locale=${locale}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax${location.protocol === "https:" ? "; secure" : ""}`;
}
