import { beforeAll, describe, expect, it } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import { addMember, call, signUpAndLogIn } from "./account-client";
import { getJson, importOk } from "./admin-client";
import { EVENT_PASSWORD, expectBehindPassword, expectQuizOff, switchQuiz, withPassword } from "./quiz-event-access";
import { quizEvent } from "./self-paced-client";

let talk: number;
let moderator: string;
let attendee: string;

beforeAll(async () => {
  await importOk("settings", frab);
  talk = (await getJson("/api/public/schedule/settings")).body.data.presentations[0]._id;
  await addMember("settings", { email: "sm@example.org", name: "Mod", password: "secret-pass", isModerator: true });
  moderator = (
    await call("POST", "/api/event-engagement/settings/user-login", {
      body: { email: "sm@example.org", password: "secret-pass" },
    })
  ).body.data.token;
  attendee = (await signUpAndLogIn("settings", "sa@example.org")).token;
});

const settings = (overrides: Record<string, unknown> = {}) => ({
  live: false,
  timer: 20,
  questions_from_time: "2030-05-01T08:00:00.000Z",
  questions_to_time: "2030-05-01T10:00:00.000Z",
  results_from_time: "2030-05-01T10:00:00.000Z",
  results_to_time: "2030-05-01T12:00:00.000Z",
  ...overrides,
});

describe("quiz settings", () => {
  it("defaults to a live 30 s quiz with questions 10:00–12:00 and results 12:00–14:00 on the talk's day", async () => {
    const { status, body } = await call("GET", `/api/quiz/${talk}/settings`, { token: moderator });
    expect(status).toBe(200);
    // The opening talk is on 27 Dec 2019 in Berlin (UTC+1).
    expect(body.data).toMatchObject({
      live: true,
      timer: 30,
      questions_from_time: "2019-12-27T09:00:00.000Z",
      questions_to_time: "2019-12-27T11:00:00.000Z",
      results_from_time: "2019-12-27T11:00:00.000Z",
      results_to_time: "2019-12-27T13:00:00.000Z",
      non_live_questions_active: false,
    });
  });

  it("saves the settings and reads them back", async () => {
    const saved = await call("PUT", `/api/quiz/${talk}/settings`, { token: moderator, body: settings() });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject(settings());
    expect((await call("GET", `/api/quiz/${talk}/settings`, { token: moderator })).body.data).toMatchObject(settings());
  });

  it.each([
    [
      "questions ending before they start",
      { questions_to_time: "2030-05-01T07:00:00.000Z" },
      "Questions To time, should be greater than Questions From time",
    ],
    [
      "results ending when they start",
      { results_to_time: "2030-05-01T10:00:00.000Z" },
      "Results To time, should be greater than Results From time",
    ],
    ["a timer that is not a number", { timer: "thirty" }, "timer is a required number"],
    ["a date that is not a date", { questions_from_time: "tomorrow" }, "ISO date-time"],
  ])("refuses %s with the spec's message and changes nothing", async (_label, change, message) => {
    const before = (await call("GET", `/api/quiz/${talk}/settings`, { token: moderator })).body.data;
    const response = await call("PUT", `/api/quiz/${talk}/settings`, { token: moderator, body: settings(change) });
    expect(response.status).toBe(400);
    expect(response.body.error.issues.map((issue: { message: string }) => issue.message).join("; ")).toContain(message);
    expect((await call("GET", `/api/quiz/${talk}/settings`, { token: moderator })).body.data).toEqual(before);
  });

  it("is for moderators and the presentation's speaker only", async () => {
    expect((await call("GET", `/api/quiz/${talk}/settings`, { token: attendee })).status).toBe(403);
    expect((await call("PUT", `/api/quiz/${talk}/settings`, { token: attendee, body: settings() })).status).toBe(403);
    expect((await call("GET", `/api/quiz/${talk}/settings`)).status).toBe(401);
  });
});

describe("quiz settings of a protected event", () => {
  it("ask the event's password of its moderators too, as the forum does", async () => {
    const locked = await quizEvent("settings-locked", EVENT_PASSWORD);
    const path = (password: string | undefined) =>
      withPassword(`/api/quiz/${locked.presentationIds[0]}/settings`, password);
    await expectBehindPassword(
      (password) => call("PUT", path(password), { token: locked.moderator, body: settings() }),
      200,
    );
    const read = await expectBehindPassword(
      (password) => call("GET", path(password), { token: locked.moderator }),
      200,
    );
    expect(read.body.data).toMatchObject(settings());
  });
});

describe("quiz settings of an event with its quiz switched off", () => {
  it("are refused to the moderator and kept for when it is on again", async () => {
    const slug = "settings-off";
    const event = await quizEvent(slug);
    const path = `/api/quiz/${event.presentationIds[0]}/settings`;
    expect((await call("PUT", path, { token: event.moderator, body: settings() })).status).toBe(200);

    await switchQuiz(slug, false);
    expectQuizOff(await call("GET", path, { token: event.moderator }));
    expectQuizOff(await call("PUT", path, { token: event.moderator, body: settings({ timer: 45 }) }));

    await switchQuiz(slug, true);
    expect((await call("GET", path, { token: event.moderator })).body.data).toMatchObject(settings());
  });
});
