/**
 * The quiz join page's whole script (web/join.html, written by the Worker with the event's
 * branding): the reader's language, the event's colours, the form and its messages as the app's
 * quiz login page has them, then the player's session saved where the app reads it and on to
 * the quiz intro. No framework: a few kilobytes for a page a whole room opens at once.
 */

import { eventTheme } from "@core/schedule/event-theme";
import { playerStorageKey, quizDeviceId } from "../features/quiz/player-storage";
import "../styles/tokens.css";
import "../styles/base.css";
import "../features/quiz/quiz-join-form.css";
import "./join-page.css";

type Locale = "fr" | "en";
type Texts = Record<string, string>;

/** The app's own entry for the interface language (web/src/lib/locale.ts): `fr` or `en`. */
const LOCALE_STORAGE_KEY = "locale";

const element = <T extends Element>(selector: string) => document.querySelector(selector) as T;
const stage = element<HTMLElement>("[data-join-stage]");
const form = element<HTMLFormElement>("[data-join-form]");
const codeInput = element<HTMLInputElement>('input[name="code"]');
const nameInput = element<HTMLInputElement>('input[name="name"]');
const submit = element<HTMLButtonElement>('[data-testid="quiz-login-submit"]');
/** The event's slug, as the Worker wrote it; the page does nothing without a valid one. */
const slug = /^[a-z0-9][a-z0-9-]{0,63}$/.test(stage.dataset.slug ?? "") ? (stage.dataset.slug as string) : null;
const texts = JSON.parse(document.getElementById("join-texts")?.textContent ?? "{}") as Partial<Record<Locale, Texts>>;

let locale: Locale = readLocale();
/** The failure shown, by its text key, so that switching language rewrites it. */
let failureKey: string | null = null;
let pending = false;

function readLocale(): Locale {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY) === "en" ? "en" : "fr";
  } catch {
    return "fr";
  }
}

const t = (key: string) => texts[locale]?.[key] ?? texts.fr?.[key] ?? key;

function storedPlayer(): { name: string; presentationId: number } | null {
  if (!slug) return null;
  try {
    const player = JSON.parse(localStorage.getItem(playerStorageKey(slug)) ?? "null");
    return typeof player?.name === "string" && Number.isInteger(player?.presentationId) ? player : null;
  } catch {
    return null;
  }
}

function render() {
  document.documentElement.lang = locale;
  for (const node of document.querySelectorAll<HTMLElement>("[data-t]")) node.textContent = t(node.dataset.t ?? "");
  for (const button of document.querySelectorAll<HTMLButtonElement>("[data-locale]")) {
    button.setAttribute("aria-pressed", String(button.dataset.locale === locale));
    button.title = t(`locale.${button.dataset.locale}`);
  }
  document.title = `${t("login.title")} · ${stage.querySelector("[data-join-event-name]")?.textContent ?? ""}`;
  renderFailure();
  renderResumeLink();
}

/** The refusal, above the Enter button; as in the app's page, there is no element without one. */
function renderFailure() {
  let failure = document.querySelector<HTMLElement>('[data-testid="quiz-login-error"]');
  if (failureKey === null) return failure?.remove();
  if (!failure) {
    failure = document.createElement("p");
    failure.className = "quiz-join-failure";
    failure.setAttribute("role", "alert");
    failure.dataset.testid = "quiz-login-error";
    submit.before(failure);
  }
  const title = document.createElement("strong");
  title.textContent = t("login.error-title");
  failure.replaceChildren(title, ` ${t(failureKey)}`);
}

/** A player who joined from this browser before goes back to their quiz. */
function renderResumeLink() {
  const player = storedPlayer();
  let link = document.querySelector<HTMLAnchorElement>('[data-testid="quiz-login-resume"]');
  if (!player) return link?.remove();
  if (!link) {
    link = document.createElement("a");
    link.className = "quiz-join-resume";
    link.dataset.testid = "quiz-login-resume";
    element("main").append(link);
  }
  link.href = `/${slug}/${player.presentationId}/quiz-intro`;
  link.textContent = t("login.resume").replace("{{name}}", () => player.name);
}

function showMissing(field: "code" | "name", missing: boolean) {
  (field === "code" ? codeInput : nameInput).toggleAttribute("aria-invalid", missing);
  if (missing) (field === "code" ? codeInput : nameInput).setAttribute("aria-invalid", "true");
  element<HTMLElement>(`[data-join-missing="${field}"]`).hidden = !missing;
}

/** The app's files, fetched while the player types their nickname: the quiz intro then opens at once. */
function warmTheApp() {
  for (const file of (stage.dataset.appFiles ?? "").split(" ").filter(Boolean)) {
    const link = document.createElement("link");
    link.rel = "prefetch";
    link.href = file;
    if (file.endsWith(".js")) link.crossOrigin = "anonymous";
    document.head.append(link);
  }
}

async function logIn(slug: string, code: string, name: string) {
  const response = await fetch("/api/quiz/login", {
    method: "POST",
    headers: { "content-type": "application/json", accept: "application/json", "x-locale": locale },
    body: JSON.stringify({ code, name, deviceId: quizDeviceId(), slug }),
  });
  const body = await response.json().catch(() => null);
  if (response.ok && typeof body?.token === "string" && Number.isInteger(body?.presentationId)) {
    const player = {
      token: body.token,
      playerId: body.id,
      name: body.user?.name ?? name,
      presentationId: body.presentationId,
    };
    try {
      localStorage.setItem(playerStorageKey(slug), JSON.stringify(player));
    } catch {
      // Storage refused: the quiz intro then asks to join again, but this login did succeed.
    }
    window.location.replace(`/${slug}/${body.presentationId}/quiz-intro`);
    return null;
  }
  // As the app's login page: a taken nickname says so, every other refusal is the spec's 'Invalid Invite Code'.
  return body?.error?.code === "nickname-taken" ? "nickname-taken" : "login.invalid-code";
}

form.addEventListener("submit", (event) => {
  event.preventDefault();
  if (pending || !slug) return;
  const code = codeInput.value.replace(/\s+/g, "");
  const name = nameInput.value.trim();
  showMissing("code", code === "");
  showMissing("name", name === "");
  if (!code || !name) return;
  pending = true;
  submit.disabled = true;
  failureKey = null;
  render();
  logIn(slug, code, name)
    .catch(() => "error.offline")
    .then((refusal) => {
      if (refusal === null) return; // On its way to the quiz intro.
      failureKey = refusal;
      pending = false;
      submit.disabled = false;
      render();
    });
});

codeInput.addEventListener("input", () => {
  codeInput.value = codeInput.value.replace(/[^\d\s]/g, "");
});
form.addEventListener("focusin", warmTheApp, { once: true });

for (const button of document.querySelectorAll<HTMLButtonElement>("[data-locale]")) {
  button.addEventListener("click", () => {
    locale = button.dataset.locale === "en" ? "en" : "fr";
    try {
      localStorage.setItem(LOCALE_STORAGE_KEY, locale);
    } catch {
      // Kept for this page only.
    }
    render();
  });
}

const theme = eventTheme({
  schedule_background_color: stage.dataset.bg ?? null,
  schedule_text_color: stage.dataset.text ?? null,
});
for (const [name, value] of Object.entries(theme)) stage.style.setProperty(name, String(value));
render();
// Written disabled: before this script, the form would submit its fields into the page's address.
submit.disabled = slug === null;
