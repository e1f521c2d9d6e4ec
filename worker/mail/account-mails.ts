import type { MailMessage } from "./mail-sender";

type Locale = "fr" | "en";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const TEXTS = {
  validate: {
    fr: {
      subject: (event: string) => `Validez votre compte – ${event}`,
      intro: (name: string, event: string) => `Bonjour ${name}, bienvenue à ${event} ! Validez votre adresse e-mail :`,
      action: "Valider mon compte",
    },
    en: {
      subject: (event: string) => `Validate your account – ${event}`,
      intro: (name: string, event: string) =>
        `Hello ${name}, welcome to ${event}! Please validate your e-mail address:`,
      action: "Validate my account",
    },
  },
  reset: {
    fr: {
      subject: (event: string) => `Réinitialisation du mot de passe – ${event}`,
      intro: (name: string, event: string) => `Bonjour ${name}, pour choisir un nouveau mot de passe pour ${event} :`,
      action: "Choisir un nouveau mot de passe",
    },
    en: {
      subject: (event: string) => `Reset your password – ${event}`,
      intro: (name: string, event: string) => `Hello ${name}, to choose a new password for ${event}:`,
      action: "Choose a new password",
    },
  },
} as const;

const FOOTER: Record<Locale, string> = {
  fr: "Ce lien expire dans une heure et ne sert qu'une fois. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
  en: "This link expires in one hour and works once. If you did not ask for it, ignore this message.",
};

/** The validation or reset e-mail, in the user's language, with its single-use link. */
export function accountMail(input: {
  kind: "validate" | "reset";
  locale: Locale;
  to: string;
  name: string;
  eventName: string;
  link: string;
}): MailMessage {
  const texts = TEXTS[input.kind][input.locale];
  const intro = texts.intro(input.name, input.eventName);
  return {
    to: input.to,
    kind: input.kind,
    subject: texts.subject(input.eventName),
    text: `${intro}\n\n${input.link}\n\n${FOOTER[input.locale]}`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(input.link)}">${escapeHtml(texts.action)}</a></p><p>${escapeHtml(FOOTER[input.locale])}</p>`,
  };
}
