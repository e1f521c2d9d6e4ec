import { eventTheme } from "@core/schedule/event-theme";
import { formatDayMonthYearRange } from "@core/schedule/format-dates";
import type { PublicEvent } from "@core/schedule/public-schedule";
import { useNavigate } from "@tanstack/react-router";
import { useStore } from "jotai";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type StoredSession, useSession } from "../../app-state/session";
import { IconButton } from "../../components/button";
import { ModalDialog } from "../../components/dialog";
import { EventLogo } from "../../components/event-logo";
import { CloseIcon } from "../../components/icons";
import { LocaleSwitcher } from "../../components/locale-switcher";
import { Notice } from "../../components/notice";
import { redirectPathAtom, takeRedirectPath } from "../../lib/login-request";
import { ForgotPasswordForm } from "./forgot-password-form";
import { LoginForm } from "./login-form";
import styles from "./login-overlay.module.css";
import { initialLoginView, isLoginOverlayShown, type LoginQuery, type LoginView } from "./login-overlay-state";
import type { OverlayNotice } from "./overlay-view";
import { ResetPasswordForm } from "./reset-password-form";
import { SignupForm } from "./signup-form";
import { ValidateUserForm } from "./validate-user-form";

/**
 * Spec §2 login overlay over the event's pages: shown when the query asks for it or the event
 * lets nobody in anonymously (then it cannot be closed), hidden otherwise.
 */
export function LoginOverlay({ event, query }: { event: PublicEvent; query: LoginQuery }) {
  const [session] = useSession(event.slug);
  const shown = isLoginOverlayShown(query, {
    loggedIn: session !== null,
    allowAnonymousAccess: event.allowAnonymousAccess,
  });
  return shown ? <LoginDialog event={event} query={query} /> : null;
}

function LoginDialog({ event, query }: { event: PublicEvent; query: LoginQuery }) {
  const { t, i18n } = useTranslation("auth");
  const store = useStore();
  const navigate = useNavigate();
  const [, setSession] = useSession(event.slug);
  const [view, setView] = useState<LoginView>(() => initialLoginView(query));
  const [notice, setNotice] = useState<OverlayNotice | null>(null);
  const titleId = useId();
  const body = useRef<HTMLDivElement>(null);
  // Anonymous visitors may leave the overlay only where the event lets them in (spec §2, §6).
  const closable = event.allowAnonymousAccess;

  // Each view starts at its first field (or its only button).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new view is the trigger
  useEffect(() => {
    body.current?.querySelector<HTMLElement>("input:not(:disabled), button[type='submit']")?.focus();
  }, [view]);

  function show(next: LoginView, message: OverlayNotice | null = null) {
    setNotice(message);
    setView(next);
  }

  function close() {
    // Declining to log in drops the page a protected action wanted to come back to.
    store.set(redirectPathAtom, null);
    void navigate({
      to: ".",
      search: (current) => ({ ...current, login: undefined, resettoken: undefined, resetcode: undefined }),
      replace: true,
    });
  }

  /** Spec §4: after a reset or a validation the link's code leaves the address and the login view shows. */
  function accountLinkUsed(message: OverlayNotice) {
    show("login", message);
    void navigate({
      to: ".",
      search: (current) => ({ ...current, resettoken: undefined, resetcode: undefined, login: "true" }),
      replace: true,
    });
  }

  /** Spec §4 login success: the session is kept for this event, then the saved page opens, or this one stays. */
  function loggedIn(session: StoredSession) {
    setSession(session);
    const redirect = takeRedirectPath(store, event.slug);
    if (redirect) void navigate({ href: redirect, replace: true });
    else void navigate({ to: ".", search: (current) => ({ ...current, login: undefined }), replace: true });
  }

  const viewProps = {
    event,
    titleId,
    report: setNotice,
    show,
    notice: notice ? (
      <Notice tone={notice.tone} title={notice.title} testId="login-notice">
        {notice.text}
      </Notice>
    ) : null,
  };

  return (
    <ModalDialog
      labelledBy={titleId}
      onDismiss={closable ? close : undefined}
      className={`${styles.dialog} ${closable ? "" : styles.forced}`}
      style={eventTheme(event)}
      testId="login-overlay"
    >
      <header className={styles.topRow}>
        <LocaleSwitcher />
        {closable ? (
          <IconButton
            icon={<CloseIcon />}
            label={t("overlay.close")}
            className={styles.close}
            onPress={close}
            data-testid="login-close"
          />
        ) : null}
      </header>
      <header className={styles.brand}>
        <EventLogo src={event.logo} name={event.name} width={110} height={60} />
        <p className={styles.eventName} data-testid="login-event-name">
          {event.name}
        </p>
        <p className={styles.eventDate} data-testid="login-event-date">
          {formatDayMonthYearRange(event.start, event.end, i18n.language)}
        </p>
      </header>
      <div ref={body} className={styles.body}>
        {view === "login" ? <LoginForm {...viewProps} onLoggedIn={loggedIn} onContinue={close} /> : null}
        {view === "signup" ? <SignupForm {...viewProps} /> : null}
        {view === "forgotpassword" ? <ForgotPasswordForm {...viewProps} /> : null}
        {view === "resetpassword" && query.resetToken ? (
          <ResetPasswordForm {...viewProps} token={query.resetToken} onDone={accountLinkUsed} />
        ) : null}
        {view === "validateuser" && query.resetCode ? (
          <ValidateUserForm {...viewProps} code={query.resetCode} onDone={accountLinkUsed} />
        ) : null}
      </div>
    </ModalDialog>
  );
}
