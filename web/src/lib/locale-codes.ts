export const LOCALES = ["fr", "en"] as const;
export type Locale = (typeof LOCALES)[number];

/** The product's default locale (spec §1). */
export const DEFAULT_LOCALE: Locale = "fr";
