import { createFileRoute, useLocation } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { PublicPresentation } from "../../../../core/schedule/public-schedule";
import { LoginPrompt } from "../../components/login-prompt";
import { eventPasswordAtom } from "../../features/event-access/event-password";
import { useEventSchedule } from "../../features/event-access/event-schedule-context";
import { MyScheduleNotice } from "../../features/my-schedule/my-schedule-notice";
import { useMySchedule } from "../../features/my-schedule/my-schedule-state";
import { MyScheduleToggle } from "../../features/my-schedule/my-schedule-toggle";
import { useActiveQuizzes } from "../../features/quiz-activity/use-active-quizzes";
import { useSession } from "../../features/session/session";
import { Synopsis } from "../../features/synopsis/synopsis";
import { useRequestLogin } from "../../lib/login-request";

export const Route = createFileRoute("/$slug/synopsis")({
  component: SynopsisPage,
});

/**
 * Spec §2 `/{event_slug}/synopsis`, the timetable: for logged-in users, and for anonymous visitors
 * when the event allows anonymous access (spec §6); otherwise it asks for a login.
 */
function SynopsisPage() {
  const { t } = useTranslation("synopsis");
  const { slug } = Route.useParams();
  const location = useLocation();
  const schedule = useEventSchedule();
  const [session] = useSession(slug);
  const password = useAtomValue(eventPasswordAtom(slug));
  const requestLogin = useRequestLogin();
  const activeQuizzes = useActiveQuizzes(slug);
  const user = session?.user ?? null;
  const mySchedule = useMySchedule(
    slug,
    schedule.event._id,
    session && user ? { token: session.token, userId: user.id } : null,
    password,
  );
  const renderCalendarToggle = useCallback(
    (presentation: PublicPresentation) => (
      <MyScheduleToggle presentation={presentation} mySchedule={mySchedule} variant="text" />
    ),
    [mySchedule],
  );

  if (!user && !schedule.event.allowAnonymousAccess) {
    return (
      <LoginPrompt
        title={t("login.title")}
        text={t("login.text")}
        action={t("login.action")}
        onLogin={() => requestLogin(location.href)}
        testId="synopsis-login"
      />
    );
  }
  return (
    <>
      <Synopsis
        schedule={schedule}
        speakerId={user?.speaker_id ?? null}
        loggedIn={user !== null}
        onLoginRequired={requestLogin}
        renderCalendarToggle={renderCalendarToggle}
        activeQuizzes={activeQuizzes}
      />
      <MyScheduleNotice slug={slug} />
    </>
  );
}
