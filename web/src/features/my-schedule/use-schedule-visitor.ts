import { useAtomValue } from "jotai";
import { useRequestLogin } from "../../lib/login-request";
import { eventPasswordAtom } from "../event-access/event-password";
import { useEventSchedule } from "../event-access/event-schedule-context";
import type { ScheduleViewer } from "../schedule/presentation-buttons";
import { useSession } from "../session/session";
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
  );
  const viewer: ScheduleViewer | null = user
    ? { userId: user.id, isSpeaker: user.is_speaker, isModerator: user.is_moderator, speakerId: user.speaker_id }
    : null;
  return { schedule, session, user, viewer, password, requestLogin, mySchedule };
}
