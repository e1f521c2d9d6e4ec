import { eventMonogram } from "@core/schedule/event-monogram";
import type { PublicEvent } from "@core/schedule/public-schedule";
import enCommon from "../../locales/en/common.json";
import enErrors from "../../locales/en/errors.json";
import enQuiz from "../../locales/en/quiz.json";
import frCommon from "../../locales/fr/common.json";
import frErrors from "../../locales/fr/errors.json";
import frQuiz from "../../locales/fr/quiz.json";
import type { Env } from "../env";
import { appEntryFiles, readBuiltDocument, writtenPage } from "./app-shell";

/** The texts the join page shows, in both languages (the reader's choice lives in their browser). */
const TEXT_KEYS = {
  quiz: [
    "login.title",
    "login.lead",
    "login.code",
    "login.code-required",
    "login.nickname",
    "login.nickname-required",
    "login.enter",
    "login.error-title",
    "login.invalid-code",
    "login.resume",
  ],
  common: ["locale.switcher", "locale.fr", "locale.en", "error.offline"],
  errors: ["nickname-taken"],
} as const;

type Texts = Record<string, string>;

function pick(quiz: Texts, common: Texts, errors: Texts): Texts {
  const sources = { quiz, common, errors };
  return Object.fromEntries(
    Object.entries(TEXT_KEYS).flatMap(([namespace, keys]) =>
      keys.map((key) => [key, sources[namespace as keyof typeof sources][key] ?? key]),
    ),
  );
}

const TEXTS = { fr: pick(frQuiz, frCommon, frErrors), en: pick(enQuiz, enCommon, enErrors) };
/** The document is written in the product's default language; the page's script switches to the reader's. */
const FIRST_TEXTS: Texts = TEXTS.fr;

/** JSON inside a <script> element: nothing in it may close the element. */
const scriptSafeJson = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The quiz join page of an event, or null when the app must answer instead: an event behind a
 * password or a login (the app's access gate asks first), or without its quiz. The branding is
 * the public `schedule-basic` part of the event; every value goes in through the rewriter, which
 * escapes it.
 */
export async function renderQuizJoinPage(
  request: Request,
  env: Env,
  event: PublicEvent,
  code: string | null,
): Promise<Response | null> {
  if (event.protected || !event.allowAnonymousAccess || !event.quiz) return null;
  const [template, shell] = await Promise.all([
    readBuiltDocument(env, request, "/join", "data-join-stage"),
    readBuiltDocument(env, request, "/", 'id="root"'),
  ]);
  if (!template) return null;
  const rewriter = new HTMLRewriter()
    .on("title", { element: (title) => void title.setInnerContent(`${FIRST_TEXTS["login.title"]} · ${event.name}`) })
    .on("[data-join-stage]", {
      element: (stage) => {
        stage.setAttribute("data-slug", event.slug);
        if (event.schedule_background_color) stage.setAttribute("data-bg", event.schedule_background_color);
        if (event.schedule_text_color) stage.setAttribute("data-text", event.schedule_text_color);
        if (shell) stage.setAttribute("data-app-files", appEntryFiles(shell).join(" "));
      },
    })
    .on("[data-join-logo]", {
      element: (logo) => {
        if (event.logo) logo.setAttribute("src", event.logo);
        else logo.remove();
      },
    })
    .on("[data-join-monogram]", {
      element: (monogram) => {
        if (event.logo) {
          monogram.remove();
          return;
        }
        monogram.removeAttribute("hidden");
        monogram.setInnerContent(eventMonogram(event.name));
      },
    })
    .on("[data-join-event-name]", { element: (name) => void name.setInnerContent(event.name) })
    .on("[data-t]", {
      element: (element) => void element.setInnerContent(FIRST_TEXTS[element.getAttribute("data-t") ?? ""] ?? ""),
    })
    .on('input[name="code"]', { element: (input) => void (code ? input.setAttribute("value", code) : undefined) })
    .on("#join-texts", { element: (texts) => void texts.setInnerContent(scriptSafeJson(TEXTS), { html: true }) });
  return rewriter.transform(writtenPage(template, request));
}
