import { beforeAll, describe, expect, it } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import { addMember, call, signUpAndLogIn } from "./account-client";
import { getJson, importOk } from "./admin-client";
import { EVENT_PASSWORD, expectBehindPassword, expectQuizOff, switchQuiz, withPassword } from "./quiz-event-access";
import { quizEvent } from "./self-paced-client";

let talks: number[];
let moderator: string;
let speaker: string;
let attendee: string;

beforeAll(async () => {
  await importOk("authoring", frab);
  const list = (await getJson("/api/public/schedule/authoring")).body.data.presentations as {
    _id: number;
    speaker_info: { firstName: string } | null;
  }[];
  talks = list.map((p) => p._id);
  await addMember("authoring", { email: "am@example.org", name: "Mod", password: "secret-pass", isModerator: true });
  await addMember("authoring", {
    email: "as@example.org",
    name: "Jane",
    password: "secret-pass",
    isSpeaker: true,
    speakerExternalId: "7001:Jane Doe",
  });
  const login = async (email: string) =>
    (await call("POST", "/api/event-engagement/authoring/user-login", { body: { email, password: "secret-pass" } }))
      .body.data.token as string;
  moderator = await login("am@example.org");
  speaker = await login("as@example.org");
  attendee = (await signUpAndLogIn("authoring", "aa@example.org")).token;
});

const put = (presentationId: number, questions: unknown, token = moderator) =>
  call("PUT", `/api/quiz/${presentationId}/questions`, { token, body: { questions } });

const question = (text: string, correct = 1) => ({
  question: text,
  options: ["A", "B", "C"].map((option, index) => ({ option, correct: index === correct })),
});

describe("quiz questions", () => {
  it("saves an ordered list, renumbers from 1, updates kept questions and deletes the others", async () => {
    const first = await put(talks[0] as number, [question("Un"), question("Deux"), question("Trois")]);
    expect(first.status).toBe(200);
    const saved = first.body.data.questions as {
      id: number;
      question: string;
      order: number;
      options: { id: number }[];
    }[];
    expect(saved.map((q) => [q.question, q.order])).toEqual([
      ["Un", 1],
      ["Deux", 2],
      ["Trois", 3],
    ]);
    const [one, , three] = saved;
    const second = await put(talks[0] as number, [
      {
        ...question("Trois, renamed", 0),
        id: three?.id,
        options: [{ id: three?.options[0]?.id, option: "A2", correct: true }],
      },
      { ...question("Un"), id: one?.id },
    ]);
    const after = second.body.data.questions as {
      id: number;
      question: string;
      order: number;
      options: { option: string }[];
    }[];
    expect(after.map((q) => [q.id, q.question, q.order])).toEqual([
      [three?.id, "Trois, renamed", 1],
      [one?.id, "Un", 2],
    ]);
    expect(after[0]?.options.map((o) => o.option)).toEqual(["A2"]);
    expect((await call("GET", `/api/quiz/${talks[0]}/questions`, { token: moderator })).body.data.questions).toEqual(
      after,
    );
  });

  it("lets the presentation's own speaker edit, and refuses another speaker's talk, attendees and anonymous callers", async () => {
    expect((await put(talks[0] as number, [question("Mine")], speaker)).status).toBe(200);
    expect((await put(talks[1] as number, [question("Not mine")], speaker)).status).toBe(403);
    expect((await put(talks[0] as number, [question("Nope")], attendee)).status).toBe(403);
    expect((await call("PUT", `/api/quiz/${talks[0]}/questions`, { body: { questions: [] } })).status).toBe(401);
  });

  it.each([
    ["no option", [{ question: "Q", options: [] }]],
    ["no correct option on a quiz question", [{ question: "Q", options: [{ option: "A", correct: false }] }]],
    ["an active image without an image", [{ ...question("Q"), active_media: "image" }]],
    ["a blank question", [question("   ")]],
    [
      "11 options",
      [{ question: "Q", options: Array.from({ length: 11 }, (_, i) => ({ option: `O${i}`, correct: i === 0 })) }],
    ],
  ])("refuses %s and changes nothing", async (_label, questions) => {
    const before = (await call("GET", `/api/quiz/${talks[2]}/questions`, { token: moderator })).body.data.questions;
    const response = await put(talks[2] as number, questions);
    expect(response.status).toBe(400);
    expect((await call("GET", `/api/quiz/${talks[2]}/questions`, { token: moderator })).body.data.questions).toEqual(
      before,
    );
  });

  it("accepts a survey without a correct option and stores no correct flag for it", async () => {
    const response = await put(talks[3] as number, [
      {
        question: "Avis ?",
        is_survey: true,
        options: [
          { option: "Oui", correct: true },
          { option: "Non", correct: false },
        ],
      },
    ]);
    expect(response.status).toBe(200);
    expect(response.body.data.questions[0].options.map((o: { correct: boolean }) => o.correct)).toEqual([false, false]);
  });

  it("refuses the id of another presentation's question", async () => {
    const other = (await put(talks[4] as number, [question("Elsewhere")])).body.data.questions[0].id;
    const response = await put(talks[5] as number, [{ ...question("Steal"), id: other }]);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe("foreign-id");
  });
});

describe("the question editor of a protected event", () => {
  it("asks the event's password of its moderators too, as the forum does", async () => {
    const locked = await quizEvent("authoring-locked", EVENT_PASSWORD);
    const id = locked.presentationIds[0] as number;
    const path = (password: string | undefined) => withPassword(`/api/quiz/${id}/questions`, password);
    const body = { questions: [question("Behind the password")] };
    await expectBehindPassword((password) => call("PUT", path(password), { token: locked.moderator, body }), 200);
    const read = await expectBehindPassword(
      (password) => call("GET", path(password), { token: locked.moderator }),
      200,
    );
    expect(read.body.data.questions.map((q: { question: string }) => q.question)).toEqual(["Behind the password"]);
    // The password comes before the role: an attendee without it is asked for it.
    expect((await call("GET", path(undefined), { token: locked.attendee })).body.error.code).toBe(
      "error.prompt-password",
    );
    expect((await call("GET", path(EVENT_PASSWORD), { token: locked.attendee })).status).toBe(403);
  });
});

describe("the question editor of an event with its quiz switched off", () => {
  it("refuses the moderator's reads and saves, and keeps the questions for when it is on again", async () => {
    const slug = "authoring-off";
    const event = await quizEvent(slug);
    const id = event.presentationIds[0] as number;
    const path = `/api/quiz/${id}/questions`;
    expect((await put(id, [question("Kept")], event.moderator)).status).toBe(200);

    await switchQuiz(slug, false);
    expectQuizOff(await call("GET", path, { token: event.moderator }));
    expectQuizOff(await put(id, [question("Lost")], event.moderator));

    await switchQuiz(slug, true);
    const kept = await call("GET", path, { token: event.moderator });
    expect(kept.body.data.questions.map((q: { question: string }) => q.question)).toEqual(["Kept"]);
  });
});
