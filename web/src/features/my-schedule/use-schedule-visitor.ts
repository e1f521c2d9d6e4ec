import { useAtomValue } from "jotai";
import { eventPasswordAtom } from "../../app-state/event-password";
import { useEventSchedule } from "../../app-state/event-schedule-context";
import { useSession } from "../../app-state/session";
import { useRequestLogin } from "../../lib/login-request";
import type { ScheduleViewer } from "../../lib/presentation-buttons";
import { useMySchedule } from "./my-schedule-state";

/**
 * What the schedule pages (list, my schedule, synopsis) know of who is looking: the event's
 * schedule, the session and its user, the event password, the login request, and the personal
 * schedule with its toggles.
 */
export function useScheduleVisitor(slug: string) {
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
    schedule.presentations,
  );
  const viewer: ScheduleViewer | null = user
    ? { userId: user.id, isSpeaker: user.is_speaker, isModerator: user.is_moderator, speakerId: user.speaker_id }
    : null;
  return { schedule, session, user, viewer, password, requestLogin, mySchedule };
}
