import i18next, { type BackendModule, type ResourceLanguage } from "i18next";
import { initReactI18next } from "react-i18next";
import type frAuth from "../../../locales/fr/auth.json";
import type frCommon from "../../../locales/fr/common.json";
import type frErrors from "../../../locales/fr/errors.json";
import type frEventAccess from "../../../locales/fr/event-access.json";
import type frEventShell from "../../../locales/fr/event-shell.json";
import type frFeedback from "../../../locales/fr/feedback.json";
import type frForum from "../../../locales/fr/forum.json";
import type frLive from "../../../locales/fr/live.json";
import type frProfile from "../../../locales/fr/profile.json";
import type frQa from "../../../locales/fr/qa.json";
import type frQuiz from "../../../locales/fr/quiz.json";
import type frQuizEditor from "../../../locales/fr/quiz-editor.json";
import type frQuizSelf from "../../../locales/fr/quiz-self.json";
import type frSchedule from "../../../locales/fr/schedule.json";
import type frSynopsis from "../../../locales/fr/synopsis.json";
import type frTutorial from "../../../locales/fr/tutorial.json";
import type frVersions from "../../../locales/fr/versions.json";
import type frWatch from "../../../locales/fr/watch.json";
import { FIRST_PAINT_NAMESPACES, OPENING_PAGE_NAMESPACES } from "./first-paint-texts";
import { LOCALES, readStoredLocale } from "./locale";

/** The texts' shape, French being the reference (tests/unit/locales.test.ts keeps English in step). */
interface Namespaces {
  common: typeof frCommon;
  errors: typeof frErrors;
  "event-access": typeof frEventAccess;
  "event-shell": typeof frEventShell;
  feedback: typeof frFeedback;
  schedule: typeof frSchedule;
  auth: typeof frAuth;
  profile: typeof frProfile;
  forum: typeof frForum;
  qa: typeof frQa;
  live: typeof frLive;
  synopsis: typeof frSynopsis;
  quiz: typeof frQuiz;
  "quiz-editor": typeof frQuizEditor;
  "quiz-self": typeof frQuizSelf;
  tutorial: typeof frTutorial;
  versions: typeof frVersions;
  watch: typeof frWatch;
}

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    // Keys are flat and may contain dots, like the spec's `error.prompt-password`.
    keySeparator: false;
    resources: Namespaces;
  }
}

/**
 * Each language's namespace is a file of its own in the build, fetched when first needed: a
 * phone downloads one language's texts, and only those of the pages it opens, instead of both
 * languages' texts of every page (about 25 KB compressed) with the app's entry.
 */
const localeFiles = import.meta.glob<{ default: ResourceLanguage }>("../../../locales/*/*.json");

const localeFileBackend: BackendModule = {
  type: "backend",
  init() {},
  read(language, namespace, done) {
    const load = localeFiles[`../../../locales/${language}/${namespace}.json`];
    if (!load) {
      done(new Error(`No texts for ${language}/${namespace}`), false);
      return;
    }
    load().then(
      (file) => done(null, file.default),
      // i18next retries a failed read a few times (a network hiccup on a phone).
      (error: Error) => done(error, true),
    );
  },
};

/** The opening page's own namespaces when its first paint needs them (the synopsis's grid). */
function openingPageNamespaces(path: string): readonly string[] {
  return /^\/[^/]+\/synopsis\/?$/.test(path) ? (OPENING_PAGE_NAMESPACES["$slug/synopsis"] ?? []) : [];
}

void i18next
  .use(localeFileBackend)
  .use(initReactI18next)
  .init({
    lng: readStoredLocale(),
    // No fallback language: it would download French's texts too for an English visitor; every
    // key exists in both languages (tests/unit/locales.test.ts).
    fallbackLng: false,
    supportedLngs: LOCALES,
    load: "currentOnly",
    defaultNS: "common",
    // Requested as soon as the app starts, so the first paint is in the right language without
    // waiting for a component to ask; the other namespaces load when a component first asks for
    // them (`useTranslation` suspends until then).
    ns: [
      ...(FIRST_PAINT_NAMESPACES satisfies readonly (keyof Namespaces)[]),
      ...openingPageNamespaces(window.location.pathname),
    ],
    keySeparator: false,
    // React escapes what it renders.
    interpolation: { escapeValue: false },
    returnNull: false,
  });
