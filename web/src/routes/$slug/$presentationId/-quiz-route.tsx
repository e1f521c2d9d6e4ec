import { useLocation, useParams, useSearch } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useEventSchedule } from "../../../app-state/event-schedule-context";
import { type StoredSession, useSession } from "../../../app-state/session";
import { LockIcon, QuestionCircleIcon } from "../../../components/icons";
import { LoginPrompt } from "../../../components/login-prompt";
import { PresentationNotice } from "../../../features/presentation/presentation-notice";
import { PresentationPage, useCurrentPresentation } from "../../../features/presentation/presentation-page";
import { canManageQuiz } from "../../../lib/live-quiz-paths";
import { useRequestLogin } from "../../../lib/login-request";

/** What the quiz pages of a presentation are given: the event, the presentation and the session. */
export function useQuizRoute() {
  const { slug } = useParams({ from: "/$slug/$presentationId" });
  const { event } = useEventSchedule();
  const presentation = useCurrentPresentation();
  const [session] = useSession(slug);
  return { slug, event, presentation, session };
}

/** In place of a quiz page that cannot be shown: the presentation's head and why. */
function QuizRefusal({ children }: { children: ReactNode }) {
  const { slug, presentation } = useQuizRoute();
  const { viewmode } = useSearch({ from: "__root__" });
  return (
    <PresentationPage slug={slug} presentation={presentation} details={false} viewmode={viewmode}>
      {children}
    </PresentationPage>
  );
}

/** The event has a quiz; otherwise its quiz pages say so. */
export function QuizEventGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation("quiz");
  const { event } = useQuizRoute();
  if (event.quiz) return children;
  return (
    <QuizRefusal>
      <PresentationNotice icon={<QuestionCircleIcon />} title={t("gate.no-quiz.title")} testId="quiz-off">
        {t("gate.no-quiz.text")}
      </PresentationNotice>
    </QuizRefusal>
  );
}

/**
 * Manage quiz (spec §1, §6): a logged-in moderator or the presentation's own speaker; others are
 * asked to log in or told the page is not for them.
 */
export function ManageQuizGate({ children }: { children: (token: string) => ReactNode }) {
  const { t } = useTranslation("quiz");
  const { presentation, session } = useQuizRoute();
  const requestLogin = useRequestLogin();
  const location = useLocation();
  if (!session) {
    return (
      <QuizRefusal>
        <LoginPrompt
          title={t("gate.login.title")}
          text={t("gate.login.text")}
          action={t("gate.login.action")}
          onLogin={() => requestLogin(location.href)}
          testId="quiz-manage-login"
        />
      </QuizRefusal>
    );
  }
  if (!canManageQuiz(session.user, presentation)) {
    return (
      <QuizRefusal>
        <PresentationNotice icon={<LockIcon />} title={t("gate.forbidden.title")} testId="quiz-manage-forbidden">
          {t("gate.forbidden.text")}
        </PresentationNotice>
      </QuizRefusal>
    );
  }
  return <QuizEventGate>{children(session.token)}</QuizEventGate>;
}

/**
 * A quiz tab for logged-in attendees (spec §2: quiz tabs need login): the presentation's head,
 * then the page for the session, or a login prompt that comes back here.
 */
export function AttendeeQuizPage({
  login,
  children,
}: {
  login: { title: string; text: string; testId: string };
  children: (session: StoredSession) => ReactNode;
}) {
  const { t } = useTranslation("quiz");
  const { viewmode } = useSearch({ from: "__root__" });
  const location = useLocation();
  const requestLogin = useRequestLogin();
  const { slug, presentation, session } = useQuizRoute();
  return (
    <QuizEventGate>
      <PresentationPage slug={slug} presentation={presentation} details={false} viewmode={viewmode}>
        {session ? (
          children(session)
        ) : (
          <LoginPrompt
            title={login.title}
            text={login.text}
            action={t("gate.login.action")}
            onLogin={() => requestLogin(location.href)}
            testId={login.testId}
          />
        )}
      </PresentationPage>
    </QuizEventGate>
  );
}
