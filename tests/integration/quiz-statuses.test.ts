import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call } from "./account-client";
import { joinLiveQuiz } from "./live-quiz-client";
import { EVENT_PASSWORD, expectBehindPassword, expectQuizOff, switchQuiz, withPassword } from "./quiz-event-access";
import { CAPITAL_QUESTION, LATER, OPEN, putQuestions, quizEvent, setQuizWindows } from "./self-paced-client";

const statuses = (slug: string, options: { password?: string; token?: string } = {}) =>
  call("GET", withPassword(`/api/quiz/statuses?slug=${slug}`, options.password), { token: options.token });

describe("the event's quiz statuses", () => {
  it("lists every talk of the event with the fields of its own status, answer-free, in one call", async () => {
    const event = await quizEvent("quiz-statuses");
    const [selfPaced, later, live, empty] = event.presentationIds as [number, number, number, number];
    await putQuestions(event.moderator, selfPaced, [CAPITAL_QUESTION]);
    await setQuizWindows(event.moderator, selfPaced, { questions: OPEN, results: LATER });
    await putQuestions(event.moderator, later, [CAPITAL_QUESTION]);
    await setQuizWindows(event.moderator, later, { questions: LATER, results: LATER });
    await putQuestions(event.moderator, live, [CAPITAL_QUESTION]);
    await setQuizWindows(event.moderator, live, { live: true, questions: LATER, results: LATER });
    await joinLiveQuiz(event.moderator, live, "Zoé");

    const { status, body } = await statuses("quiz-statuses");
    expect(status).toBe(200);
    const listed = body.data.presentations as { id: number; questions_open_at: string | null }[];
    expect(listed.map((talk) => talk.id)).toEqual([...event.presentationIds].sort((a, b) => a - b));
    for (const talk of [selfPaced, later, live, empty]) {
      const { has_results: _results, ...own } = (await call("GET", `/api/quiz/${talk}/status`)).body.data;
      const { id, ...listedFacts } = listed.find((entry) => entry.id === talk) ?? { id: talk };
      expect({ id, ...listedFacts }).toEqual({ id: talk, ...own });
    }
    expect(listed.find((talk) => talk.id === live)).toMatchObject({ live: true, live_status: "lobby" });
    expect(listed.find((talk) => talk.id === selfPaced)).toMatchObject({ non_live_questions_active: true });
    expect(listed.find((talk) => talk.id === later)?.questions_open_at).not.toBeNull();
    expect(listed.find((talk) => talk.id === empty)).toMatchObject({ has_questions: false, live_status: "none" });
    expect(Object.keys(listed[0] ?? {}).sort()).toEqual([
      "has_questions",
      "id",
      "live",
      "live_status",
      "non_live_questions_active",
      "non_live_results_active",
      "questions_open_at",
    ]);
  });

  it("is never kept by a cache, whoever asks", async () => {
    const event = await quizEvent("quiz-statuses-cache");
    const anonymous = await fetchHeaders("/api/quiz/statuses?slug=quiz-statuses-cache");
    expect(anonymous.get("cache-control")).toBe("private, no-store");
    const signedIn = await fetchHeaders("/api/quiz/statuses?slug=quiz-statuses-cache", event.attendee);
    expect(signedIn.get("cache-control")).toBe("private, no-store");
  });

  it("keeps a protected event's statuses behind its password, and answers none when the quiz is off", async () => {
    await quizEvent("quiz-statuses-locked", EVENT_PASSWORD);
    const right = await expectBehindPassword((password) => statuses("quiz-statuses-locked", { password }), 200);
    expect(right.body.data.presentations.length).toBeGreaterThan(0);

    await quizEvent("quiz-statuses-off");
    await switchQuiz("quiz-statuses-off", false);
    expectQuizOff(await statuses("quiz-statuses-off"));
  });
});

async function fetchHeaders(path: string, token?: string): Promise<Headers> {
  const response = await SELF.fetch(`http://localhost${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  await response.arrayBuffer();
  return response.headers;
}
