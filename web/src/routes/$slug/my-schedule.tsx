import type { PublicPresentation } from "@core/schedule/public-schedule";
import { createFileRoute, useLocation } from "@tanstack/react-router";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { LoginPrompt } from "../../components/login-prompt";
import { CalendarSubscription } from "../../features/my-schedule/calendar-subscription";
import { MyScheduleNotice } from "../../features/my-schedule/my-schedule-notice";
import { MyScheduleToggle } from "../../features/my-schedule/my-schedule-toggle";
import { OverlapNotice } from "../../features/my-schedule/overlap-notice";
import { useScheduleVisitor } from "../../features/my-schedule/use-schedule-visitor";
import { ScheduleList } from "../../features/schedule/schedule-list";

export const Route = createFileRoute("/$slug/my-schedule")({
  component: MySchedulePage,
});

/** Spec §2 `/{event_slug}/my-schedule`: the user's personal schedule and its calendar feed; logged in only. */
function MySchedulePage() {
  const { t } = useTranslation("schedule");
  const { slug } = Route.useParams();
  const { viewmode, iframe } = Route.useSearch();
  const location = useLocation();
  const { schedule, session, user, viewer, password, requestLogin, mySchedule } = useScheduleVisitor(slug);
  const mine = useMemo(
    () => schedule.presentations.filter((presentation) => mySchedule.ids.has(presentation._id)),
    [schedule.presentations, mySchedule.ids],
  );
  const { overlaps } = mySchedule;
  const overlapNotice = useCallback(
    (presentation: PublicPresentation) => {
      const others = overlaps.get(presentation._id);
      return others ? <OverlapNotice others={others} /> : null;
    },
    [overlaps],
  );

  if (!session || !user) {
    return (
      <LoginPrompt
        title={t("my-schedule.login.title")}
        text={t("my-schedule.login.text")}
        action={t("my-schedule.login.action")}
        onLogin={() => requestLogin(location.href)}
        testId="my-schedule-login"
      />
    );
  }
  return (
    <>
      <ScheduleList
        schedule={schedule}
        presentations={mine}
        showDates={viewmode !== "virtual"}
        compact={iframe !== undefined}
        viewer={viewer}
        access={{ slug, password, token: session.token, userId: user.id }}
        scope="my-schedule"
        onLoginRequired={requestLogin}
        renderScheduleToggle={(presentation) => (
          <MyScheduleToggle presentation={presentation} mySchedule={mySchedule} variant="icon" />
        )}
        renderCardNotice={overlapNotice}
        title={t("my-schedule.title")}
        emptyText={mySchedule.status === "loading" ? t("my-schedule.loading") : t("my-schedule.empty")}
        intro={<CalendarSubscription token={session.token} />}
      />
      <MyScheduleNotice slug={slug} />
    </>
  );
}
