import { SELF } from "cloudflare:test";
import type { QuizActivityServerMessage } from "@core/protocol/quiz-activity";
import { beforeAll, describe, expect, it } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import { addMember, call } from "./account-client";
import { getJson, importOk } from "./admin-client";
import { openRoomSocket } from "./room-socket";

const HOUR = 3_600_000;
let eventId: number;
let talks: number[];
let moderator: string;

beforeAll(async () => {
  await importOk("activity", frab);
  await importOk("activity-locked", { ...frab, engagement: { password: "salon2026" } });
  const schedule = (await getJson("/api/public/schedule/activity")).body.data;
  eventId = schedule.event._id;
  talks = schedule.presentations.map((p: { _id: number }) => p._id);
  await addMember("activity", { email: "qm@example.org", name: "Mod", password: "secret-pass", isModerator: true });
  moderator = (
    await call("POST", "/api/event-engagement/activity/user-login", {
      body: { email: "qm@example.org", password: "secret-pass" },
    })
  ).body.data.token;
  // Talks 0 to 2 have a question; talk 3 has none.
  for (const talk of talks.slice(0, 3)) {
    await call("PUT", `/api/quiz/${talk}/questions`, {
      token: moderator,
      body: { questions: [{ question: "Prêts ?", options: [{ option: "Oui", correct: true }] }] },
    });
  }
});

const iso = (instant: number) => new Date(instant).toISOString();

/** Self-paced questions open from `from` to `from + 1 h`, results in the hour after. */
function openWindows(talk: number, from: number, live = false) {
  return call("PUT", `/api/quiz/${talk}/settings`, {
    token: moderator,
    body: {
      live,
      timer: 30,
      questions_from_time: iso(from),
      questions_to_time: iso(from + HOUR),
      results_from_time: iso(from + HOUR),
      results_to_time: iso(from + 2 * HOUR),
    },
  });
}

const activeList = async (slug = "activity", password?: string) =>
  getJson(`/api/quiz/active?slug=${slug}${password ? `&password=${password}` : ""}`);

describe("the list of active self-paced quizzes", () => {
  it("lists the presentations whose questions or results are open now, and only those", async () => {
    const talk = talks[0] as number;
    const resultsOnly = talks[1] as number;
    const now = Date.now();
    expect((await openWindows(talk, now - 60_000)).status).toBe(200);
    await openWindows(resultsOnly, now - HOUR - 60_000);
    // Open windows but live, or open windows but no question: not an active self-paced quiz.
    await openWindows(talks[2] as number, now - 60_000, true);
    await openWindows(talks[3] as number, now - 60_000);

    const { status, body } = await activeList();
    expect(status).toBe(200);
    expect(body.data.presentations).toEqual(
      [
        { id: talk, non_live_questions_active: true, non_live_results_active: false },
        { id: resultsOnly, non_live_questions_active: false, non_live_results_active: true },
      ].sort((a, b) => a.id - b.id),
    );
  });

  it("pushes the list on connect, then the new list when a moderator closes a quiz", async () => {
    const talk = talks[4] as number;
    await call("PUT", `/api/quiz/${talk}/questions`, {
      token: moderator,
      body: { questions: [{ question: "Encore ?", options: [{ option: "Oui", correct: true }] }] },
    });
    await openWindows(talk, Date.now() - 60_000);
    const socket = await openRoomSocket<QuizActivityServerMessage>(`/parties/quiz-activity-room/${eventId}`);
    const first = await socket.next();
    expect(first.type).toBe("active-quizzes");
    if (first.type !== "active-quizzes") throw new Error("not a list");
    expect(first.presentations.map((p) => p.id)).toContain(talk);

    await openWindows(talk, Date.now() + 24 * HOUR);
    const pushed = await socket.next();
    if (pushed.type !== "active-quizzes") throw new Error("not a list");
    expect(pushed.presentations.map((p) => p.id)).not.toContain(talk);
    expect(pushed.presentations.length).toBe(first.presentations.length - 1);
    socket.close();
  });

  it("pushes the new list by itself when a window opens", async () => {
    const talk = talks[5] as number;
    await call("PUT", `/api/quiz/${talk}/questions`, {
      token: moderator,
      body: { questions: [{ question: "Bientôt ?", options: [{ option: "Oui", correct: true }] }] },
    });
    const socket = await openRoomSocket<QuizActivityServerMessage>(`/parties/quiz-activity-room/${eventId}`);
    await socket.next();
    await openWindows(talk, Date.now() + 1_000);
    const opened = await socket.next(5_000);
    if (opened.type !== "active-quizzes") throw new Error("not a list");
    expect(opened.presentations).toContainEqual({
      id: talk,
      non_live_questions_active: true,
      non_live_results_active: false,
    });
    socket.close();
  });

  it("keeps a protected event's list behind its password", async () => {
    const locked = (await getJson("/api/public/schedule/activity-locked?password=salon2026")).body.data.event._id;
    expect((await activeList("activity-locked")).status).toBe(401);
    expect((await activeList("activity-locked", "wrong")).status).toBe(403);
    expect((await activeList("activity-locked", "salon2026")).body.data).toEqual({ presentations: [] });

    const path = `http://localhost/parties/quiz-activity-room/${locked}`;
    const upgrade = { headers: { Upgrade: "websocket" } };
    expect((await SELF.fetch(path, upgrade)).status).toBe(401);
    expect((await SELF.fetch(`${path}?password=wrong`, upgrade)).status).toBe(403);
    const socket = await openRoomSocket<QuizActivityServerMessage>(
      `/parties/quiz-activity-room/${locked}?password=salon2026`,
    );
    expect(await socket.next()).toEqual({ type: "active-quizzes", presentations: [] });
    socket.close();
  });

  it("refuses an unknown event, plain HTTP and messages from clients", async () => {
    expect((await activeList("no-such-event")).status).toBe(404);
    expect(
      (await SELF.fetch("http://localhost/parties/quiz-activity-room/999999", { headers: { Upgrade: "websocket" } }))
        .status,
    ).toBe(404);
    expect((await SELF.fetch(`http://localhost/parties/quiz-activity-room/${eventId}`)).status).toBe(405);
    const socket = await openRoomSocket<QuizActivityServerMessage>(`/parties/quiz-activity-room/${eventId}`);
    await socket.next();
    socket.send("hello");
    expect(await socket.next()).toEqual({ type: "error", code: "bad-request" });
    socket.close();
  });
});
