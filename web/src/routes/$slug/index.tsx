import { createFileRoute } from "@tanstack/react-router";
import { useAtomValue } from "jotai";
import { eventPasswordAtom } from "../../features/event-access/event-password";
import { useEventSchedule } from "../../features/event-access/event-schedule-context";
import { MyScheduleNotice } from "../../features/my-schedule/my-schedule-notice";
import { useMySchedule } from "../../features/my-schedule/my-schedule-state";
import { MyScheduleToggle } from "../../features/my-schedule/my-schedule-toggle";
import { ScheduleList } from "../../features/schedule/schedule-list";
import { useSession } from "../../features/session/session";
import { useRequestLogin } from "../../lib/login-request";

export const Route = createFileRoute("/$slug/")({
  component: EventHome,
});

/** Spec §2 `/{event_slug}`: the event home and its public schedule, with the personal-schedule toggle. */
function EventHome() {
  const { slug } = Route.useParams();
  const { viewmode, iframe } = Route.useSearch();
  const schedule = useEventSchedule();
  const [session] = useSession(slug);
  const password = useAtomValue(eventPasswordAtom(slug));
  const requestLogin = useRequestLogin();
  const user = session?.user ?? null;
  const mySchedule = useMySchedule(
    slug,
    schedule.event._id,
    session && user ? { token: session.token, userId: user.id } : null,
    password,
  );
  return (
    <>
      <ScheduleList
        schedule={schedule}
        presentations={schedule.presentations}
        showDates={viewmode !== "virtual"}
        compact={iframe !== undefined}
        viewer={
          user
            ? {
                userId: user.id,
                isSpeaker: user.is_speaker,
                isModerator: user.is_moderator,
                speakerId: user.speaker_id,
              }
            : null
        }
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
