import type { MailMessage } from "./mail-sender";

type Locale = "fr" | "en";
type AccountMailKind = "validate" | "reset" | "account-exists";

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
  // Sign-up with an address that has an account: the answer to the stranger is the same as for a
  // new account, and only the owner learns of it, here.
  "account-exists": {
    fr: {
      subject: (event: string) => `Vous avez déjà un compte – ${event}`,
      intro: (name: string, event: string) =>
        `Bonjour ${name}, quelqu'un a voulu créer un compte pour ${event} avec votre adresse e-mail, qui en a déjà un. Connectez-vous, ou choisissez « Mot de passe oublié » si vous ne vous en souvenez plus :`,
      action: "Se connecter",
    },
    en: {
      subject: (event: string) => `You already have an account – ${event}`,
      intro: (name: string, event: string) =>
        `Hello ${name}, someone tried to create an account for ${event} with your e-mail address, which already has one. Log in, or choose "Forgot password" if you do not remember it:`,
      action: "Log in",
    },
  },
} as const;

const CODE_FOOTER: Record<Locale, string> = {
  fr: "Ce lien expire dans une heure et ne sert qu'une fois. Si vous n'êtes pas à l'origine de cette demande, ignorez ce message.",
  en: "This link expires in one hour and works once. If you did not ask for it, ignore this message.",
};
const NOTICE_FOOTER: Record<Locale, string> = {
  fr: "Si ce n'était pas vous, ignorez ce message : rien n'a été modifié.",
  en: "If it was not you, ignore this message: nothing was changed.",
};

/** An account e-mail in the user's language: validation or reset with its single-use link, or the notice. */
export function accountMail(input: {
  kind: AccountMailKind;
  locale: Locale;
  to: string;
  name: string;
  eventName: string;
  link: string;
}): MailMessage {
  const texts = TEXTS[input.kind][input.locale];
  const intro = texts.intro(input.name, input.eventName);
  const footer = (input.kind === "account-exists" ? NOTICE_FOOTER : CODE_FOOTER)[input.locale];
  return {
    to: input.to,
    kind: input.kind,
    subject: texts.subject(input.eventName),
    text: `${intro}\n\n${input.link}\n\n${footer}`,
    html: `<p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(input.link)}">${escapeHtml(texts.action)}</a></p><p>${escapeHtml(footer)}</p>`,
  };
}
