import { beforeAll, describe, expect, it } from "vitest";
import { call } from "./account-client";
import { CAPITAL_QUESTION, putQuestions, quizEvent } from "./self-paced-client";

let event: Awaited<ReturnType<typeof quizEvent>>;

beforeAll(async () => {
  event = await quizEvent("quiz-member-join");
});

const joinInOneTap = (id: number, token: string | undefined, name: string, deviceId = "device-one-tap") =>
  call("POST", `/api/quiz/${id}/join`, { token, body: { name, deviceId } });

describe("joining the live quiz in one tap", () => {
  it("a signed-in attendee joins an open quiz without its code, under the name they chose, and can play", async () => {
    const id = event.presentationIds[0] as number;
    await putQuestions(event.moderator, id, [CAPITAL_QUESTION]);
    // Before the moderator opens the lobby there is nothing to join.
    expect((await joinInOneTap(id, event.attendee, "Attendee")).body.error.code).toBe("quiz-not-running");
    await call("POST", "/api/quiz/get-code", { token: event.moderator, body: { _id: id } });

    const joined = await joinInOneTap(id, event.attendee, "Attendee");
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ presentationId: id, quizStatus: "lobby", user: { name: "Attendee" } });
    const view = await call("POST", "/api/quiz/get-user-action", { token: joined.body.token, body: { _id: id } });
    expect(view.body.data.view.phase).toBe("lobby");

    // Tapping again (another device, same member) finds the same player.
    const again = await joinInOneTap(id, event.attendee, "Attendee", "device-other");
    expect(again.body.id).toBe(joined.body.id);
    // Another member may not take that nickname.
    const other = await event.newAttendee("other");
    expect((await joinInOneTap(id, other.token, "attendee", "device-of-other")).body.error.code).toBe("nickname-taken");
  });

  it("needs a signed-in member of the event", async () => {
    const id = event.presentationIds[1] as number;
    await putQuestions(event.moderator, id, [CAPITAL_QUESTION]);
    await call("POST", "/api/quiz/get-code", { token: event.moderator, body: { _id: id } });
    expect((await joinInOneTap(id, undefined, "Anonymous")).status).toBe(401);
    const outsider = (await quizEvent("quiz-member-join-other")).attendee;
    expect((await joinInOneTap(id, outsider, "Outsider")).status).toBe(401);
  });

  it("refuses an empty nickname", async () => {
    const id = event.presentationIds[0] as number;
    expect((await joinInOneTap(id, event.attendee, " \u202E ")).status).toBe(400);
  });
});
