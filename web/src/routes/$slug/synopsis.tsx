import type { PublicPresentation } from "@core/schedule/public-schedule";
import { createFileRoute, useLocation } from "@tanstack/react-router";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { LoginPrompt } from "../../components/login-prompt";
import { MyScheduleNotice } from "../../features/my-schedule/my-schedule-notice";
import { MyScheduleToggle } from "../../features/my-schedule/my-schedule-toggle";
import { useScheduleVisitor } from "../../features/my-schedule/use-schedule-visitor";
import { useActiveQuizzes } from "../../features/quiz-activity/use-active-quizzes";
import { Synopsis } from "../../features/synopsis/synopsis";

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
  const { schedule, user, requestLogin, mySchedule } = useScheduleVisitor(slug);
  const activeQuizzes = useActiveQuizzes(slug);
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
