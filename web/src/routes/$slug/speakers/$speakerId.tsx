import { givesTalk } from "@core/schedule/speaker-directory";
import { createFileRoute, notFound } from "@tanstack/react-router";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { MyScheduleNotice } from "../../../features/my-schedule/my-schedule-notice";
import { MyScheduleToggle } from "../../../features/my-schedule/my-schedule-toggle";
import { useScheduleVisitor } from "../../../features/my-schedule/use-schedule-visitor";
import { ScheduleList } from "../../../features/schedule/schedule-list";
import { SpeakerProfileHeader } from "../../../features/speakers/speaker-profile";
import { useSpeakerProfile } from "../../../features/speakers/use-speaker-profile";

const SPEAKER_ID = /^[1-9][0-9]{0,15}$/;

export const Route = createFileRoute("/$slug/speakers/$speakerId")({
  beforeLoad: ({ params }) => {
    if (!SPEAKER_ID.test(params.speakerId)) throw notFound();
  },
  component: SpeakerPage,
});

/**
 * `/{event_slug}/speakers/{id}`: the speaker's biography and links, then their talks as the
 * schedule's cards (with the my-schedule bookmark for a logged-in reader).
 */
function SpeakerPage() {
  const { t } = useTranslation("schedule");
  const { slug, speakerId } = Route.useParams();
  const { viewmode, iframe } = Route.useSearch();
  const { schedule, session, user, viewer, password, requestLogin, mySchedule } = useScheduleVisitor(slug);
  const id = Number(speakerId);
  const profile = useSpeakerProfile(slug, id, password);
  const talks = useMemo(
    () => schedule.presentations.filter((presentation) => givesTalk(presentation, id)),
    [schedule.presentations, id],
  );
  return (
    <>
      <SpeakerProfileHeader slug={slug} state={profile} />
      {talks.length > 0 ? (
        <ScheduleList
          schedule={schedule}
          presentations={talks}
          showDates={viewmode !== "virtual"}
          compact={iframe !== undefined}
          viewer={viewer}
          access={{ slug, password, token: session?.token ?? null, userId: user?.id ?? null }}
          scope="all"
          onLoginRequired={requestLogin}
          renderScheduleToggle={
            user
              ? (presentation) => (
                  <MyScheduleToggle presentation={presentation} mySchedule={mySchedule} variant="icon" />
                )
              : undefined
          }
          title={t("speakers.talks-title")}
          searchable={false}
        />
      ) : null}
      <MyScheduleNotice slug={slug} />
    </>
  );
}
