import i18next from "i18next";
import { initReactI18next } from "react-i18next";
import enAuth from "../../../locales/en/auth.json";
import enCommon from "../../../locales/en/common.json";
import enErrors from "../../../locales/en/errors.json";
import enEventAccess from "../../../locales/en/event-access.json";
import enEventShell from "../../../locales/en/event-shell.json";
import enForum from "../../../locales/en/forum.json";
import enLive from "../../../locales/en/live.json";
import enProfile from "../../../locales/en/profile.json";
import enQuiz from "../../../locales/en/quiz.json";
import enQuizEditor from "../../../locales/en/quiz-editor.json";
import enQuizSelf from "../../../locales/en/quiz-self.json";
import enSchedule from "../../../locales/en/schedule.json";
import enSynopsis from "../../../locales/en/synopsis.json";
import enTutorial from "../../../locales/en/tutorial.json";
import enVersions from "../../../locales/en/versions.json";
import enWatch from "../../../locales/en/watch.json";
import frAuth from "../../../locales/fr/auth.json";
import frCommon from "../../../locales/fr/common.json";
import frErrors from "../../../locales/fr/errors.json";
import frEventAccess from "../../../locales/fr/event-access.json";
import frEventShell from "../../../locales/fr/event-shell.json";
import frForum from "../../../locales/fr/forum.json";
import frLive from "../../../locales/fr/live.json";
import frProfile from "../../../locales/fr/profile.json";
import frQuiz from "../../../locales/fr/quiz.json";
import frQuizEditor from "../../../locales/fr/quiz-editor.json";
import frQuizSelf from "../../../locales/fr/quiz-self.json";
import frSchedule from "../../../locales/fr/schedule.json";
import frSynopsis from "../../../locales/fr/synopsis.json";
import frTutorial from "../../../locales/fr/tutorial.json";
import frVersions from "../../../locales/fr/versions.json";
import frWatch from "../../../locales/fr/watch.json";
import { DEFAULT_LOCALE, LOCALES, readStoredLocale } from "./locale";

// Bundled rather than fetched: a few kilobytes, and the first paint is already in the right language.
const resources = {
  fr: {
    common: frCommon,
    errors: frErrors,
    "event-access": frEventAccess,
    "event-shell": frEventShell,
    schedule: frSchedule,
    auth: frAuth,
    profile: frProfile,
    forum: frForum,
    live: frLive,
    synopsis: frSynopsis,
    quiz: frQuiz,
    "quiz-editor": frQuizEditor,
    "quiz-self": frQuizSelf,
    tutorial: frTutorial,
    versions: frVersions,
    watch: frWatch,
  },
  en: {
    common: enCommon,
    errors: enErrors,
    "event-access": enEventAccess,
    "event-shell": enEventShell,
    schedule: enSchedule,
    auth: enAuth,
    profile: enProfile,
    forum: enForum,
    live: enLive,
    synopsis: enSynopsis,
    quiz: enQuiz,
    "quiz-editor": enQuizEditor,
    "quiz-self": enQuizSelf,
    tutorial: enTutorial,
    versions: enVersions,
    watch: enWatch,
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
