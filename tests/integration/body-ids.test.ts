import { beforeAll, describe, expect, it } from "vitest";
import { addMember, type CallResult, call } from "./account-client";
import { getJson } from "./admin-client";
import {
  answer,
  CAPITAL_QUESTION,
  LATER,
  OPEN,
  putQuestions,
  quizEvent,
  selfPaced,
  setQuizWindows,
} from "./self-paced-client";
import { tableDigest } from "./table-digest";

/**
 * An id in a body must belong to the resource the path names: the speaker of one talk, or the
 * moderator of one event, cannot reach another talk's or another event's rows by naming their ids.
 */

interface SavedQuestion {
  id: number;
  options: { id: number; option: string; correct: boolean }[];
}

let home: {
  talks: number[];
  moderator: string;
  attendee: string;
  person: { token: string; id: number };
  speaker: string;
  speakerTalk: number;
  otherTalk: number;
};
let away: { talks: number[]; moderator: string; attendee: string };

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
  home = {
    talks: event.presentationIds,
    moderator: event.moderator,
    attendee: event.attendee,
    person: await event.newAttendee("person"),
    speaker,
    speakerTalk,
    otherTalk,
  };
  const other = await quizEvent("ids-away");
  away = { talks: other.presentationIds, moderator: other.moderator, attendee: other.attendee };
});

const QUIZ_TABLES = ["quiz_questions", "quiz_options"];

async function expectRefusedUnchanged(request: () => Promise<CallResult>, tables = QUIZ_TABLES) {
  const before = await tableDigest(...tables);
  const response = await request();
  expect(response.status).toBe(400);
  expect(response.body.error.code).toBe("foreign-id");
  expect(await tableDigest(...tables)).toBe(before);
  return response;
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
      const refused = await expectRefusedUnchanged(() =>
        put(home.speakerTalk, [{ ...question("Steal"), id }], home.moderator),
      );
      // The editor points at the question from the issues.
      expect(refused.body.error.issues).toEqual([
        { path: "body.questions.0.id", message: "not a question of this quiz" },
      ]);
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

  it.each([1e300, 2 ** 53 + 2, 2 ** 31, 2 ** 63])(
    "refuses an id that exists nowhere (%d) without a server error",
    async (id) => {
      await expectRefusedUnchanged(() => put(home.talks[4] as number, [{ ...question("Odd"), id }], home.moderator));
      await expectRefusedUnchanged(() =>
        put(
          home.talks[4] as number,
          [{ question: "Odd", options: [{ id, option: "A", correct: true }] }],
          home.moderator,
        ),
      );
    },
  );

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

describe("self-paced answers: option ids in the body", () => {
  it("refuses options of another question, another talk or another event, and stores no answer", async () => {
    const talk = home.talks[5] as number;
    const [asked, sibling] = await putQuestions(home.moderator, talk, [CAPITAL_QUESTION, CAPITAL_QUESTION]);
    await setQuizWindows(home.moderator, talk, { questions: OPEN, results: LATER });
    const otherTalk = (await saved(home.talks[6] as number, home.moderator, "Other talk")).options;
    const otherEvent = (await saved(away.talks[3] as number, away.moderator, "Other event")).options;
    await selfPaced(home.attendee, talk);
    for (const foreign of [sibling?.options, otherTalk, otherEvent]) {
      const before = await tableDigest("quiz_answers");
      const response = await answer(home.attendee, talk, {
        questionId: asked?.id,
        optionIds: [foreign?.[0]?.id],
      });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe("invalid-options");
      expect(await tableDigest("quiz_answers")).toBe(before);
    }
    // A question of another talk named in this talk's path is not one of its questions.
    const before = await tableDigest("quiz_answers");
    const elsewhere = await answer(home.attendee, talk, {
      questionId: (await saved(home.talks[7] as number, home.moderator, "Elsewhere")).id,
      optionIds: [otherTalk[0]?.id],
    });
    expect(elsewhere.status).toBe(404);
    expect(await tableDigest("quiz_answers")).toBe(before);
  });
});

describe("forum and schedule: ids in the path or body of another event", () => {
  it("refuses a reply, a like, a hide or a delete of another event's post with this event's token", async () => {
    const theirs = (
      await call("POST", `/api/forum/${away.talks[0]}/posts`, { token: away.attendee, body: { post: "Theirs" } })
    ).body.data.id as number;
    const tables = ["forum_posts", "forum_replies", "forum_post_likes"];
    const before = await tableDigest(...tables);
    const attempts = [
      call("POST", `/api/forum/posts/${theirs}/replies`, { token: home.attendee, body: { reply: "Mine" } }),
      call("POST", `/api/forum/posts/${theirs}/like`, { token: home.attendee }),
      call("PATCH", `/api/forum/posts/${theirs}`, { token: home.moderator, body: { hidden: true } }),
      call("DELETE", `/api/forum/posts/${theirs}`, { token: home.moderator }),
    ];
    for (const response of await Promise.all(attempts)) expect(response.status).toBe(401);
    expect(await tableDigest(...tables)).toBe(before);
  });

  it("refuses adding another event's talk, or to another user's schedule, and writes nothing", async () => {
    const homeEvent = (await getJson("/api/public/schedule/ids-home")).body.data.event._id as number;
    const awayEvent = (await getJson("/api/public/schedule/ids-away")).body.data.event._id as number;
    const { token, id: userId } = home.person;
    const before = await tableDigest("my_schedule");
    const add = (presentationId: number, eventId: number, id: number) =>
      call("PATCH", `/api/speaker-data/${presentationId}/my-schedule/${eventId}`, {
        token,
        body: { id },
      });
    expect((await add(away.talks[0] as number, homeEvent, userId)).status).toBe(404);
    expect((await add(away.talks[0] as number, awayEvent, userId)).status).toBe(401);
    expect((await add(home.talks[0] as number, homeEvent, userId + 1)).status).toBe(403);
    expect(await tableDigest("my_schedule")).toBe(before);
  });
});

describe("bodies that are not what a route reads", () => {
  const bodies: [string, { body?: unknown; rawBody?: string; type?: string }][] = [
    ["{}", { body: {} }],
    ["[]", { body: [] }],
    ["null", { body: null }],
    ["a string", { body: "questions" }],
    ["text/plain", { rawBody: "questions=1", type: "text/plain" }],
    ["malformed JSON", { rawBody: '{"questions": [', type: "application/json" }],
  ];
  const routes = (): [string, string, string][] => [
    ["PUT", `/api/quiz/${home.talks[8]}/questions`, home.moderator],
    ["PUT", `/api/quiz/${home.talks[8]}/settings`, home.moderator],
    ["POST", `/api/quiz/${home.talks[8]}/answers`, home.attendee],
    ["PUT", `/api/quiz/${home.talks[8]}/media/image`, home.moderator],
    ["PATCH", `/api/speaker-data/${home.talks[8]}/my-schedule/1`, home.attendee],
  ];
  it.each(bodies)(
    "every write of the quiz editor, self-paced quiz and schedule answers %s with a 4xx and writes nothing",
    async (_label, options) => {
      const tables = ["quiz_questions", "quiz_options", "quiz_answers", "presentations", "my_schedule"];
      const before = await tableDigest(...tables);
      for (const [method, path, token] of routes()) {
        const response = await call(method, path, { token, ...options });
        expect(response.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
        expect(response.status, `${method} ${path}`).toBeLessThan(500);
      }
      expect(await tableDigest(...tables)).toBe(before);
    },
  );
});
