import { scheduleOverlaps, type TimedTalk } from "@core/schedule/schedule-overlaps";
import { atom, type PrimitiveAtom, useAtomValue, useStore } from "jotai";
import { useCallback, useEffect, useMemo } from "react";
import { type ApiError, asApiError } from "../../lib/api";
import { isOnline, subscribeToNetwork } from "../../lib/network-status";
import { addToMySchedule, fetchMyScheduleIds, type MyScheduleCaller, removeFromMySchedule } from "./my-schedule-api";
import { forgetChange, type QueuedChange, queueChange, queuedChanges, withQueuedChanges } from "./my-schedule-outbox";

/** The logged-in user as the personal schedule needs them. */
interface MyScheduleSession {
  token: string;
  userId: number;
}

interface MyScheduleState {
  /** The session token the ids belong to; null when nobody is logged in. */
  token: string | null;
  status: "anonymous" | "loading" | "ready" | "failed";
  ids: ReadonlySet<number>;
  /** Presentations whose add or remove call has not answered yet. */
  pending: ReadonlySet<number>;
  /** Counts changes made here, so a load started before one does not overwrite it. */
  revision: number;
}

/**
 * What the page tells the user about their schedule: a talk was added or removed, a login is
 * needed, or a change failed and was undone.
 */
export type MyScheduleNotice =
  | { id: number; kind: "changed"; scheduled: boolean }
  | { id: number; kind: "login-needed" }
  | { id: number; kind: "failed"; adding: boolean; error: ApiError };

/** The user's personal schedule on one event, and the toggle of the cards and the synopsis drawer. */
export interface MySchedule {
  loggedIn: boolean;
  status: MyScheduleState["status"];
  ids: ReadonlySet<number>;
  pending: ReadonlySet<number>;
  /** Adds or removes a presentation (spec §4 my-schedule toggle); anonymous: a warning only. */
  toggle: (presentationId: number) => void;
  /** For each scheduled presentation that overlaps others of the schedule, those others (core scheduleOverlaps). */
  overlaps: ReadonlyMap<number, readonly TimedTalk[]>;
}

const ANONYMOUS: MyScheduleState = {
  token: null,
  status: "anonymous",
  ids: new Set(),
  pending: new Set(),
  revision: 0,
};

// Per event, for the page's lifetime: the list, the synopsis and the my-schedule page share one state.
const stateAtoms = new Map<string, PrimitiveAtom<MyScheduleState>>();
const noticeAtoms = new Map<string, PrimitiveAtom<MyScheduleNotice | null>>();
let noticeCount = 0;

function stateAtom(slug: string): PrimitiveAtom<MyScheduleState> {
  let found = stateAtoms.get(slug);
  if (!found) {
    found = atom(ANONYMOUS);
    stateAtoms.set(slug, found);
  }
  return found;
}

export function myScheduleNoticeAtom(slug: string): PrimitiveAtom<MyScheduleNotice | null> {
  let found = noticeAtoms.get(slug);
  if (!found) {
    found = atom<MyScheduleNotice | null>(null);
    noticeAtoms.set(slug, found);
  }
  return found;
}

function withMember(set: ReadonlySet<number>, id: number, member: boolean): ReadonlySet<number> {
  if (set.has(id) === member) return set;
  const next = new Set(set);
  if (member) next.add(id);
  else next.delete(id);
  return next;
}

const sendChange = (caller: MyScheduleCaller, change: QueuedChange) =>
  (change.scheduled ? addToMySchedule : removeFromMySchedule)(caller, change.presentationId);

/**
 * The personal schedule of `session` on event `eventId`: loaded from `GET /api/me/schedule`, and
 * changed optimistically. A change shows at once; the answer's `users` then say whether the
 * presentation is in the schedule, and a failure puts the toggle back and raises a notice.
 * Offline, a change is kept and queued (my-schedule-outbox.ts), then sent when the network is back.
 */
export function useMySchedule(
  slug: string,
  eventId: number,
  session: MyScheduleSession | null,
  password: string | null,
  /** The event's programme, where the schedule's overlaps are looked for. */
  presentations: readonly TimedTalk[],
): MySchedule {
  const store = useStore();
  const schedule = stateAtom(slug);
  const notices = myScheduleNoticeAtom(slug);
  const state = useAtomValue(schedule);
  const token = session?.token ?? null;
  const userId = session?.userId ?? null;

  useEffect(() => {
    if (token === null) {
      store.set(schedule, ANONYMOUS);
      return;
    }
    const controller = new AbortController();
    const loaded = store.get(schedule);
    // A page opened again keeps the ids it knows while they are refreshed.
    const revision = loaded.token === token ? loaded.revision : 0;
    if (loaded.token !== token) store.set(schedule, { ...ANONYMOUS, token, status: "loading" });
    const queued = userId === null ? Promise.resolve([]) : queuedChanges(slug, userId).catch(() => []);
    Promise.all([fetchMyScheduleIds(token, controller.signal), queued]).then(
      ([ids, changes]) =>
        store.set(schedule, (current) =>
          current.token === token && current.revision === revision
            ? { ...current, status: "ready", ids: withQueuedChanges(ids, changes) }
            : current,
        ),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        // Spec §8: other call failures are only logged; the cards then show nothing scheduled.
        console.warn("Loading the personal schedule failed", error);
        store.set(schedule, (current) =>
          current.token === token && current.status === "loading" ? { ...current, status: "failed" } : current,
        );
      },
    );
    return () => controller.abort();
  }, [token, userId, slug, store, schedule]);

  // What was changed offline is sent once the network is back (or at once, when it already is).
  useEffect(() => {
    if (token === null || userId === null) return;
    const caller: MyScheduleCaller = { token, userId, eventId, password };
    let sending = false;
    const sendQueued = async () => {
      if (sending || !isOnline()) return;
      sending = true;
      try {
        for (const change of await queuedChanges(slug, userId)) {
          let scheduled: boolean;
          try {
            const presentation = await sendChange(caller, change);
            scheduled = presentation.users.some((user) => user.id === userId);
          } catch (error) {
            const failure = asApiError(error);
            // Still offline: this and the rest stay queued for the next time the network is back.
            if (failure.code === "network") return;
            // Refused (the talk is gone, the session ended): undone, and said, as online.
            scheduled = !change.scheduled;
            store.set(notices, { id: ++noticeCount, kind: "failed", adding: change.scheduled, error: failure });
          }
          await forgetChange(slug, userId, change);
          store.set(schedule, (current) =>
            current.token === token && !current.pending.has(change.presentationId)
              ? { ...current, ids: withMember(current.ids, change.presentationId, scheduled) }
              : current,
          );
        }
      } catch (error) {
        console.warn("Sending the personal schedule's queued changes failed", error);
      } finally {
        sending = false;
      }
    };
    void sendQueued();
    return subscribeToNetwork(() => void sendQueued());
  }, [token, userId, eventId, password, slug, store, schedule, notices]);

  const toggle = useCallback(
    (presentationId: number) => {
      if (token === null || userId === null) {
        store.set(notices, { id: ++noticeCount, kind: "login-needed" });
        return;
      }
      const before = store.get(schedule);
      if (before.token !== token || before.pending.has(presentationId)) return;
      const adding = !before.ids.has(presentationId);
      // Said at once, as the bookmark changes; a failure's notice takes its place.
      store.set(notices, { id: ++noticeCount, kind: "changed", scheduled: adding });
      const caller: MyScheduleCaller = { token, userId, eventId, password };
      const queue = () => void queueChange(slug, userId, { presentationId, scheduled: adding });
      if (!isOnline()) {
        store.set(schedule, (current) => ({
          ...current,
          revision: current.revision + 1,
          ids: withMember(current.ids, presentationId, adding),
        }));
        queue();
        return;
      }
      store.set(schedule, (current) => ({
        ...current,
        revision: current.revision + 1,
        ids: withMember(current.ids, presentationId, adding),
        pending: withMember(current.pending, presentationId, true),
      }));
      const settle = (scheduled: boolean) =>
        store.set(schedule, (current) =>
          current.token === token
            ? {
                ...current,
                ids: withMember(current.ids, presentationId, scheduled),
                pending: withMember(current.pending, presentationId, false),
              }
            : current,
        );
      sendChange(caller, { presentationId, scheduled: adding }).then(
        (presentation) => settle(presentation.users.some((user) => user.id === userId)),
        (error: unknown) => {
          const failure = asApiError(error);
          // The network went away during the call: the change is kept and sent when it is back.
          if (failure.code === "network" && !isOnline()) {
            settle(adding);
            queue();
            return;
          }
          settle(!adding);
          store.set(notices, { id: ++noticeCount, kind: "failed", adding, error: failure });
        },
      );
    },
    [slug, token, userId, eventId, password, store, schedule, notices],
  );

  const overlaps = useMemo(
    () => scheduleOverlaps(presentations.filter((presentation) => state.ids.has(presentation._id))),
    [presentations, state.ids],
  );
  return useMemo(
    () => ({
      loggedIn: token !== null,
      status: state.status,
      ids: state.ids,
      pending: state.pending,
      toggle,
      overlaps,
    }),
    [token, state.status, state.ids, state.pending, toggle, overlaps],
  );
}
