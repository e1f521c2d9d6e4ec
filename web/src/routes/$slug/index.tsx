import { createFileRoute } from "@tanstack/react-router";
import { MyScheduleNotice } from "../../features/my-schedule/my-schedule-notice";
import { MyScheduleToggle } from "../../features/my-schedule/my-schedule-toggle";
import { useScheduleVisitor } from "../../features/my-schedule/use-schedule-visitor";
import { ScheduleList } from "../../features/schedule/schedule-list";

export const Route = createFileRoute("/$slug/")({
  component: EventHome,
});

/** Spec §2 `/{event_slug}`: the event home and its public schedule, with the personal-schedule toggle. */
function EventHome() {
  const { slug } = Route.useParams();
  const { viewmode, iframe } = Route.useSearch();
  const { schedule, session, user, viewer, password, requestLogin, mySchedule } = useScheduleVisitor(slug);
  return (
    <>
      <ScheduleList
        schedule={schedule}
        presentations={schedule.presentations}
        showDates={viewmode !== "virtual"}
        compact={iframe !== undefined}
        viewer={viewer}
        access={{ slug, password, token: session?.token ?? null, userId: user?.id ?? null }}
        scope="all"
        onLoginRequired={requestLogin}
        renderScheduleToggle={
          user
            ? (presentation) => <MyScheduleToggle presentation={presentation} mySchedule={mySchedule} variant="icon" />
            : undefined
        }
      />
      <MyScheduleNotice slug={slug} />
    </>
  );
}
