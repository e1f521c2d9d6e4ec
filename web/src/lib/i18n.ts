import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import enCommon from "../locales/en/common.json";
import enErrors from "../locales/en/errors.json";
import enEventAccess from "../locales/en/event-access.json";
import enEventShell from "../locales/en/event-shell.json";
import enSchedule from "../locales/en/schedule.json";
import frCommon from "../locales/fr/common.json";
import frErrors from "../locales/fr/errors.json";
import frEventAccess from "../locales/fr/event-access.json";
import frEventShell from "../locales/fr/event-shell.json";
import frSchedule from "../locales/fr/schedule.json";
import { DEFAULT_LOCALE, LOCALES, readStoredLocale } from "./locale";

// Bundled rather than fetched: a few kilobytes, and the first paint is already in the right language.
const resources = {
  fr: {
    common: frCommon,
    errors: frErrors,
    "event-access": frEventAccess,
    "event-shell": frEventShell,
    schedule: frSchedule,
  },
  en: {
    common: enCommon,
    errors: enErrors,
    "event-access": enEventAccess,
    "event-shell": enEventShell,
    schedule: enSchedule,
  },
};

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    // Keys are flat and may contain dots, like the spec's `error.prompt-password`.
    keySeparator: false;
    // French is the reference; tests/unit/locales.test.ts keeps English in step.
    resources: (typeof resources)["fr"];
  }
}

void i18next.use(initReactI18next).init({
  resources,
  lng: readStoredLocale(),
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: LOCALES,
  defaultNS: "common",
  ns: Object.keys(resources.fr),
  keySeparator: false,
  // React escapes what it renders.
  interpolation: { escapeValue: false },
  returnNull: false,
});
