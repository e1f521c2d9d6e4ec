import { beforeAll, describe, expect, it } from "vitest";
import { addMember, type CallResult, call } from "./account-client";
import { getJson } from "./admin-client";
import { quizEvent } from "./self-paced-client";
import { tableDigest } from "./table-digest";

/**
 * An id in a body must belong to the resource the path names: the speaker of one talk, or the
 * moderator of one event, cannot reach another talk's or another event's rows by naming their ids.
 */

interface SavedQuestion {
  id: number;
  options: { id: number; option: string; correct: boolean }[];
}

let home: { talks: number[]; moderator: string; speaker: string; speakerTalk: number; otherTalk: number };
let away: { talks: number[]; moderator: string };

const put = (presentationId: number, questions: unknown, token: string) =>
  call("PUT", `/api/quiz/${presentationId}/questions`, { token, body: { questions } });

const question = (text: string) => ({
  question: text,
  options: [
    { option: "A", correct: true },
    { option: "B", correct: false },
  ],
});

async function saved(presentationId: number, token: string, text: string): Promise<SavedQuestion> {
  const response = await put(presentationId, [question(text)], token);
  if (response.status !== 200) throw new Error(`questions ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.data.questions[0];
}

beforeAll(async () => {
  const event = await quizEvent("ids-home");
  await addMember("ids-home", {
    email: "ids-speaker@example.org",
    name: "Jane",
    password: "secret-pass",
    isSpeaker: true,
    speakerExternalId: "7001:Jane Doe",
  });
  const speaker = (
    await call("POST", "/api/event-engagement/ids-home/user-login", {
      body: { email: "ids-speaker@example.org", password: "secret-pass" },
    })
  ).body.data.token as string;
  // The speaker's own talk, and a talk of the same event that is not theirs.
  const list = (await getJson("/api/public/schedule/ids-home")).body.data.presentations as { _id: number }[];
  const mine: number[] = [];
  for (const { _id } of list) {
    if ((await put(_id, [], speaker)).status === 200) mine.push(_id);
  }
  const speakerTalk = mine[0] as number;
  const otherTalk = event.presentationIds.find((id) => !mine.includes(id)) as number;
  home = { talks: event.presentationIds, moderator: event.moderator, speaker, speakerTalk, otherTalk };
  const other = await quizEvent("ids-away");
  away = { talks: other.presentationIds, moderator: other.moderator };
});

const QUIZ_TABLES = ["quiz_questions", "quiz_options"];

async function expectRefusedUnchanged(request: () => Promise<CallResult>, tables = QUIZ_TABLES) {
  const before = await tableDigest(...tables);
  const response = await request();
  expect(response.status).toBe(400);
  expect(response.body.error.code).toBe("foreign-id");
  expect(await tableDigest(...tables)).toBe(before);
}

describe("quiz questions: ids in the body", () => {
  it("refuses a new question whose options carry another event's option ids, as the talk's speaker", async () => {
    const foreign = await saved(away.talks[0] as number, away.moderator, "Away");
    await saved(home.speakerTalk, home.speaker, "Mine");
    await expectRefusedUnchanged(() =>
      put(
        home.speakerTalk,
        [
          {
            question: "Rewrite",
            options: foreign.options.map((option) => ({ id: option.id, option: "Pwned", correct: true })),
          },
        ],
        home.speaker,
      ),
    );
  });

  it("refuses the option ids of another talk of the same event, as its moderator and as a speaker", async () => {
    const sibling = await saved(home.otherTalk, home.moderator, "Sibling");
    const own = await saved(home.speakerTalk, home.speaker, "Own");
    const stolen = sibling.options.map((option) => ({ id: option.id, option: "Pwned", correct: true }));
    for (const token of [home.speaker, home.moderator]) {
      // Under a new question, and under one of the talk's own questions.
      await expectRefusedUnchanged(() => put(home.speakerTalk, [{ question: "New", options: stolen }], token));
      await expectRefusedUnchanged(() =>
        put(home.speakerTalk, [{ id: own.id, question: "Own", options: stolen }], token),
      );
    }
  });

  it("refuses another talk's question id, of the same event or another, and changes nothing", async () => {
    const sibling = await saved(home.otherTalk, home.moderator, "Sibling question");
    const foreign = await saved(away.talks[1] as number, away.moderator, "Away question");
    for (const id of [sibling.id, foreign.id]) {
      await expectRefusedUnchanged(() => put(home.speakerTalk, [{ ...question("Steal"), id }], home.moderator));
    }
  });

  it("refuses an option of the talk's own quiz listed under another of its questions", async () => {
    const saved2 = await put(home.talks[2] as number, [question("One"), question("Two")], home.moderator);
    const [one, two] = saved2.body.data.questions as SavedQuestion[];
    await expectRefusedUnchanged(() =>
      put(
        home.talks[2] as number,
        [
          { id: one?.id, question: "One", options: [{ id: two?.options[0]?.id, option: "Moved", correct: true }] },
          { id: two?.id, question: "Two", options: [{ option: "B", correct: true }] },
        ],
        home.moderator,
      ),
    );
  });

  it("refuses one foreign option among the talk's own and writes none of the others", async () => {
    const foreign = await saved(away.talks[2] as number, away.moderator, "Away");
    const own = await saved(home.talks[3] as number, home.moderator, "Own");
    await expectRefusedUnchanged(() =>
      put(
        home.talks[3] as number,
        [
          { question: "Added", options: [{ option: "X", correct: true }] },
          {
            id: own.id,
            question: "Own renamed",
            options: [
              { id: own.options[0]?.id, option: "A renamed", correct: true },
              { id: foreign.options[1]?.id, option: "Pwned", correct: true },
            ],
          },
        ],
        home.moderator,
      ),
    );
  });

  it("refuses an id listed twice", async () => {
    const own = await saved(home.talks[4] as number, home.moderator, "Twice");
    const response = await put(
      home.talks[4] as number,
      [
        { ...question("A"), id: own.id },
        { ...question("B"), id: own.id },
      ],
      home.moderator,
    );
    expect(response.status).toBe(400);
  });
});
