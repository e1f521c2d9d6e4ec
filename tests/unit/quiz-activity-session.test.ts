import type { PresentationQuizSettings } from "@core/quiz/active-quizzes";
import { describe, expect, it } from "vitest";
import { QuizActivitySession, SAFETY_REFRESH_MS } from "../../party/quiz-activity-session";

const HOUR = 3_600_000;

/** An activity room in miniature: the settings the database holds, its stored list, alarm and broadcasts. */
function fakeRoom(settings: PresentationQuizSettings[]) {
  const room = {
    now: 10 * HOUR,
    settings,
    stored: undefined as string | undefined,
    alarm: null as number | null,
    broadcasts: [] as unknown[],
    listeners: 0,
  };
  const session = new QuizActivitySession({
    settings: async () => room.settings,
    clock: { now: () => room.now },
    lastPushed: {
      get: async () => room.stored,
      put: async (list) => {
        room.stored = list;
      },
    },
    alarm: {
      get: async () => room.alarm,
      set: async (at) => {
        room.alarm = at;
      },
      delete: async () => {
        room.alarm = null;
      },
    },
    broadcast: (text) => room.broadcasts.push(JSON.parse(text)),
    hasListeners: () => room.listeners > 0,
  });
  return { room, session };
}

const windows = (questionsFrom: number, questionsTo: number) => ({
  questionsFrom,
  questionsTo,
  resultsFrom: questionsTo,
  resultsTo: questionsTo + HOUR,
});

describe("the quiz activity session, with recording fakes", () => {
  it("pushes the list when it changes, never the same list twice, and sets the alarm at the next boundary", async () => {
    const { room, session } = fakeRoom([{ id: 1, live: false, windows: windows(9 * HOUR, 11 * HOUR) }]);
    await session.refresh();
    expect(room.broadcasts).toEqual([
      {
        type: "active-quizzes",
        presentations: [{ id: 1, non_live_questions_active: true, non_live_results_active: false }],
      },
    ]);
    expect(room.alarm).toBe(11 * HOUR);
    await session.refresh();
    expect(room.broadcasts).toHaveLength(1);
    room.now = 11 * HOUR;
    await session.refresh();
    expect(room.broadcasts).toHaveLength(2);
    expect(room.alarm).toBe(12 * HOUR);
    room.now = 12 * HOUR;
    await session.refresh();
    expect(room.broadcasts.at(-1)).toEqual({ type: "active-quizzes", presentations: [] });
    expect(room.alarm).toBeNull();
  });

  it("gives a new listener the list and starts the safety refresh only once", async () => {
    const { room, session } = fakeRoom([]);
    await session.refresh();
    room.listeners = 1;
    expect(JSON.parse(session.listMessage())).toEqual({ type: "active-quizzes", presentations: [] });
    await session.listenerJoined();
    expect(room.alarm).toBe(room.now + SAFETY_REFRESH_MS);
    room.now += 1_000;
    await session.listenerJoined();
    expect(room.alarm).toBe(room.now - 1_000 + SAFETY_REFRESH_MS);
  });
});
