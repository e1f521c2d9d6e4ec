import { atom, type PrimitiveAtom, useAtomValue, useStore } from "jotai";
import { useCallback, useEffect, useMemo } from "react";
import { type ApiError, asApiError } from "../../lib/api";
import { addToMySchedule, fetchMyScheduleIds, type MyScheduleCaller, removeFromMySchedule } from "./my-schedule-api";

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

/** What the page tells the user about their schedule: a login is needed, or a change failed and was undone. */
export type MyScheduleNotice =
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

/**
 * The personal schedule of `session` on event `eventId`: loaded from `GET /api/me/schedule`, and
 * changed optimistically. A change shows at once; the answer's `users` then say whether the
 * presentation is in the schedule, and a failure puts the toggle back and raises a notice.
 */
export function useMySchedule(
  slug: string,
  eventId: number,
  session: MyScheduleSession | null,
  password: string | null,
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
    fetchMyScheduleIds(token, controller.signal).then(
      (ids) =>
        store.set(schedule, (current) =>
          current.token === token && current.revision === revision
            ? { ...current, status: "ready", ids: new Set(ids) }
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
  }, [token, store, schedule]);

  const toggle = useCallback(
    (presentationId: number) => {
      if (token === null || userId === null) {
        store.set(notices, { id: ++noticeCount, kind: "login-needed" });
        return;
      }
      const before = store.get(schedule);
      if (before.token !== token || before.pending.has(presentationId)) return;
      const adding = !before.ids.has(presentationId);
      const caller: MyScheduleCaller = { token, userId, eventId, password };
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
      (adding ? addToMySchedule : removeFromMySchedule)(caller, presentationId).then(
        (presentation) => settle(presentation.users.some((user) => user.id === userId)),
        (error: unknown) => {
          settle(!adding);
          store.set(notices, { id: ++noticeCount, kind: "failed", adding, error: asApiError(error) });
        },
      );
    },
    [token, userId, eventId, password, store, schedule, notices],
  );

  return useMemo(
    () => ({ loggedIn: token !== null, status: state.status, ids: state.ids, pending: state.pending, toggle }),
    [token, state.status, state.ids, state.pending, toggle],
  );
}
