import { env } from "cloudflare:test";
import { MAX_QA_QUESTION_LENGTH, mayReword, QA_ASKS_PER_MINUTE } from "@core/qa/rules";
import { beforeAll, describe, expect, it } from "vitest";
import frab from "../fixtures/frab-small.schedule.json";
import { addMember, call } from "./account-client";
import { importOk } from "./admin-client";
import { openRoomSocket } from "./room-socket";

const PASSWORD = "secret-pass";
let talk: number;
let otherTalk: number;
let openTalk: number;
const tokens = {} as Record<"moderator" | "attendee" | "voter" | "speaker" | "openAttendee" | "openModerator", string>;

async function member(slug: string, email: string, roles: Record<string, unknown> = {}) {
  await addMember(slug, { email, name: email.split("@")[0], password: PASSWORD, ...roles });
  const login = await call("POST", `/api/event-engagement/${slug}/user-login`, { body: { email, password: PASSWORD } });
  return login.body.data.token as string;
}

async function talkId(slug: string, name: string) {
  const row = await env.DB.prepare(
    "SELECT p.id FROM presentations p JOIN events e ON e.id = p.event_id WHERE e.slug = ? AND p.name = ?",
  )
    .bind(slug, name)
    .first<{ id: number }>();
  return Number(row?.id);
}

beforeAll(async () => {
  await importOk("qa", { ...frab, engagement: { allowAnonymousAccess: false } });
  await importOk("qa-open", frab);
  talk = await talkId("qa", "Threat models for everyone");
  otherTalk = await talkId("qa", "Opening Ceremony");
  openTalk = await talkId("qa-open", "Threat models for everyone");
  tokens.moderator = await member("qa", "qa-mod@example.org", { isModerator: true });
  tokens.attendee = await member("qa", "qa-attendee@example.org");
  tokens.voter = await member("qa", "qa-voter@example.org");
  tokens.speaker = await member("qa", "qa-speaker@example.org", {
    isSpeaker: true,
    speakerExternalId: "7001:Jane Doe",
  });
  tokens.openAttendee = await member("qa-open", "qa-open@example.org");
  tokens.openModerator = await member("qa-open", "qa-open-mod@example.org", { isModerator: true });
});

const clearAskLimit = () => env.DB.prepare("DELETE FROM rate_limits WHERE key LIKE 'qa-ask:%'").run();
const ask = async (text: string, token = tokens.attendee, presentationId = talk, extra: object = {}) => {
  await clearAskLimit();
  return call("POST", `/api/qa/${presentationId}/questions`, { token, body: { question: text, ...extra } });
};
const list = async (token?: string, presentationId = talk) =>
  (await call("GET", `/api/qa/${presentationId}/questions`, token ? { token } : {})).body.data;
const ids = (questions: { id: number }[]) => questions.map((question) => question.id);
const settings = (body: { requireApproval: boolean; allowAnonymous: boolean }, presentationId = talk) =>
  call("PUT", `/api/qa/${presentationId}/settings`, { token: tokens.moderator, body });

describe("asking and voting", () => {
  it("lists asked questions by votes, and a vote counts once per member until withdrawn", async () => {
    const first = (await ask("First question?")).body.data;
    const second = (await ask("Second question?", tokens.voter)).body.data;
    expect(first).toMatchObject({ question: "First question?", votes: 0, status: "open", author: "qa-attendee" });

    const voted = await call("POST", `/api/qa/questions/${second.id}/vote`, { token: tokens.attendee });
    expect(voted).toMatchObject({ status: 200, body: { data: { votes: 1, voted_by_user: true } } });
    // Voting again is the same vote.
    await call("POST", `/api/qa/questions/${second.id}/vote`, { token: tokens.attendee });
    const seen = await list(tokens.attendee);
    expect(ids(seen.questions).indexOf(second.id)).toBeLessThan(ids(seen.questions).indexOf(first.id));
    expect(seen.questions.find((q: { id: number }) => q.id === second.id)).toMatchObject({
      votes: 1,
      voted_by_user: true,
    });

    const withdrawn = await call("DELETE", `/api/qa/questions/${second.id}/vote`, { token: tokens.attendee });
    expect(withdrawn.body.data).toMatchObject({ votes: 0, voted_by_user: false });
  });

  it("refuses a question too long or empty in the reader's language, and stores nothing", async () => {
    const before = (await list(tokens.moderator)).questions.length;
    const long = await ask("x".repeat(MAX_QA_QUESTION_LENGTH + 1));
    expect(long.status).toBe(400);
    expect(long.body.error).toMatchObject({ code: "validation-failed" });
    const empty = await call("POST", `/api/qa/${talk}/questions`, {
      token: tokens.attendee,
      locale: "en",
      body: { question: "   " },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.issues[0].path).toBe("body.question");
    expect((await list(tokens.moderator)).questions.length).toBe(before);
  });

  it("limits asks per member and minute", async () => {
    await clearAskLimit();
    const statuses: number[] = [];
    for (let i = 0; i <= QA_ASKS_PER_MINUTE.attempts; i++) {
      const answer = await call("POST", `/api/qa/${otherTalk}/questions`, {
        token: tokens.voter,
        body: { question: `Quick ${i}` },
      });
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array(QA_ASKS_PER_MINUTE.attempts).fill(201), 429]);
  });

  it("lets only members vote, and nobody read without the event's access", async () => {
    const question = (await ask("Who may vote?")).body.data;
    expect((await call("POST", `/api/qa/questions/${question.id}/vote`)).status).toBe(401);
    expect((await call("GET", `/api/qa/${talk}/questions`)).status).toBe(401);
    expect((await call("GET", `/api/qa/${openTalk}/questions`)).status).toBe(200);
  });
});

describe("anonymous questions", () => {
  it("are refused where neither the event nor the talk allows them, then allowed by the talk's moderator", async () => {
    const refused = await call("POST", `/api/qa/${talk}/questions`, {
      token: tokens.attendee,
      locale: "en",
      body: { question: "Anonymous?", anonymous: true },
    });
    expect(refused).toMatchObject({ status: 403, body: { error: { code: "qa-anonymous-off" } } });
    expect(refused.body.error.message).toMatch(/anonymous/i);

    await settings({ requireApproval: false, allowAnonymous: true });
    const asked = await ask("Anonymous now?", tokens.attendee, talk, { anonymous: true });
    expect(asked).toMatchObject({ status: 201, body: { data: { author: null } } });
    await settings({ requireApproval: false, allowAnonymous: false });
  });

  it("are allowed where the event lets anyone in anonymously", async () => {
    const asked = await ask("Open event?", tokens.openAttendee, openTalk, { anonymous: true });
    expect(asked).toMatchObject({ status: 201, body: { data: { author: null } } });
  });
});

describe("rewording one's own question", () => {
  const reword = (id: number, question: unknown, token = tokens.attendee, locale?: "en") =>
    call("PUT", `/api/qa/questions/${id}/text`, { token, body: { question }, locale });

  it("the asker rewords it while nobody voted for it; the list then says the new words", async () => {
    const asked = (await ask("Is it fast?")).body.data;
    const changed = await reword(asked.id, "  Is it fast on a phone?  ");
    expect(changed).toMatchObject({
      status: 200,
      body: { data: { id: asked.id, question: "Is it fast on a phone?" } },
    });
    const shown = (await list(tokens.voter)).questions.find((q: { id: number }) => q.id === asked.id);
    expect(shown).toMatchObject({ question: "Is it fast on a phone?", votes: 0, author: "qa-attendee" });
  });

  it("is refused once it has a vote, an answer or was hidden, in the reader's language, and nothing changes", async () => {
    const voted = (await ask("Voted for?")).body.data;
    await call("POST", `/api/qa/questions/${voted.id}/vote`, { token: tokens.voter });
    const refused = await reword(voted.id, "Something else", tokens.attendee, "en");
    expect(refused).toMatchObject({ status: 409, body: { error: { code: "qa-question-locked" } } });
    expect(refused.body.error.message).toContain("can no longer be edited");
    // The vote withdrawn, nobody holds the words any more: they may change again.
    await call("DELETE", `/api/qa/questions/${voted.id}/vote`, { token: tokens.voter });
    expect((await reword(voted.id, "Voted for, then not?")).status).toBe(200);

    for (const decision of [{ status: "answered" }, { hidden: true }]) {
      const decided = (await ask("Decided?")).body.data;
      await call("PATCH", `/api/qa/questions/${decided.id}`, { token: tokens.moderator, body: decision });
      const locked = await reword(decided.id, "Changed after the fact");
      expect([locked.status, locked.body.error.code]).toEqual([409, "qa-question-locked"]);
      const stored = await env.DB.prepare("SELECT body FROM talk_questions WHERE id = ?").bind(decided.id).first();
      expect(stored).toEqual({ body: "Decided?" });
    }
  });

  it("each question says whether the reader asked it, to the asker alone, an anonymous one included", async () => {
    await settings({ requireApproval: false, allowAnonymous: true });
    try {
      const named = await ask("Mine by name?");
      const anonymous = await ask("Mine, anonymously?", tokens.attendee, talk, { anonymous: true });
      expect(named.body.data).toMatchObject({ asked_by_user: true, voted_by_user: false });
      expect(anonymous.body.data).toMatchObject({ author: null, asked_by_user: true });
      const mine = [named.body.data.id, anonymous.body.data.id];
      const flags = async (token: string) =>
        (await list(token)).questions
          .filter((q: { id: number }) => mine.includes(q.id))
          .map((q: { asked_by_user: boolean }) => q.asked_by_user);
      expect(await flags(tokens.attendee)).toEqual([true, true]);
      expect(await flags(tokens.voter)).toEqual([false, false]);
      expect(await flags(tokens.moderator)).toEqual([false, false]);
      const read = await call("GET", `/api/qa/${openTalk}/questions`);
      expect(read.body.data.questions.every((q: { asked_by_user: boolean }) => !q.asked_by_user)).toBe(true);

      // What the list says is the reader's and still open to change, the reader may reword.
      const editable = (await list(tokens.attendee)).questions.filter(
        (q: { id: number; asked_by_user: boolean; votes: number; status: "open"; hidden: boolean }) =>
          mine.includes(q.id) && q.asked_by_user && mayReword(q),
      );
      expect(editable).toHaveLength(2);
      const reworded = await reword(anonymous.body.data.id, "Mine, anonymously, reworded?");
      expect(reworded).toMatchObject({
        status: 200,
        body: { data: { question: "Mine, anonymously, reworded?", author: null, asked_by_user: true } },
      });
    } finally {
      await settings({ requireApproval: false, allowAnonymous: false });
    }
  });

  it("is the asker's only: another member is refused (403), a queued question stays unknown to them (404)", async () => {
    const asked = (await ask("Mine only?")).body.data;
    expect((await reword(asked.id, "Yours now", tokens.voter)).status).toBe(403);
    expect((await reword(asked.id, "Moderated words", tokens.moderator)).status).toBe(403);
    expect((await call("PUT", `/api/qa/questions/${asked.id}/text`, { body: { question: "x?" } })).status).toBe(401);
    await settings({ requireApproval: true, allowAnonymous: false });
    try {
      const pending = (await ask("Queued, then reworded?")).body.data;
      expect((await reword(pending.id, "Not mine", tokens.voter)).status).toBe(404);
      const mine = await reword(pending.id, "Queued and reworded?");
      expect(mine.body.data).toMatchObject({ status: "pending", question: "Queued and reworded?" });
    } finally {
      await settings({ requireApproval: false, allowAnonymous: false });
    }
    expect((await reword(asked.id, "")).status).toBe(400);
    expect((await reword(asked.id, "x".repeat(MAX_QA_QUESTION_LENGTH + 1))).status).toBe(400);
    expect((await reword(999_999, "Nobody's?")).status).toBe(404);
  });
});

describe("moderation", () => {
  it("keeps questions in a queue only moderators and the talk's speaker see until approved", async () => {
    await settings({ requireApproval: true, allowAnonymous: false });
    const pending = (await ask("Waiting for approval?")).body.data;
    expect(pending.status).toBe("pending");
    expect(ids((await list(tokens.voter)).questions)).not.toContain(pending.id);
    expect((await list(tokens.voter)).queue).toEqual([]);
    expect(ids((await list(tokens.speaker)).queue)).toContain(pending.id);
    expect(ids((await list(tokens.moderator)).queue)).toContain(pending.id);
    expect((await call("POST", `/api/qa/questions/${pending.id}/vote`, { token: tokens.voter })).status).toBe(404);
    // The speaker sees the queue but does not decide.
    const bySpeaker = await call("PATCH", `/api/qa/questions/${pending.id}`, {
      token: tokens.speaker,
      body: { status: "open" },
    });
    expect(bySpeaker.status).toBe(403);

    const approved = await call("PATCH", `/api/qa/questions/${pending.id}`, {
      token: tokens.moderator,
      body: { status: "open" },
    });
    expect(approved.body.data.status).toBe("open");
    expect(ids((await list(tokens.voter)).questions)).toContain(pending.id);
    await settings({ requireApproval: false, allowAnonymous: false });
  });

  it("shows the asker their own pending questions, and nobody else who does not see the queue", async () => {
    await settings({ requireApproval: true, allowAnonymous: true });
    const mine = (await ask("Mine, pending?")).body.data;
    const anonymous = (await ask("Mine, pending and anonymous?", tokens.attendee, talk, { anonymous: true })).body.data;
    const theirs = (await ask("Theirs, pending?", tokens.voter)).body.data;
    const attendee = await list(tokens.attendee);
    // Only their own (an earlier test left one of theirs pending too), never another member's.
    expect(attendee.queue.every((q: { asked_by_user: boolean }) => q.asked_by_user)).toBe(true);
    expect(ids(attendee.queue)).not.toContain(theirs.id);
    expect(attendee.queue).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: mine.id, status: "pending", asked_by_user: true, author: "qa-attendee" }),
        expect.objectContaining({ id: anonymous.id, status: "pending", asked_by_user: true, author: null }),
      ]),
    );
    expect(attendee.sees_queue).toBe(false);
    expect(ids(attendee.questions)).not.toContain(mine.id);
    const voter = (await list(tokens.voter)).queue;
    expect(ids(voter)).toContain(theirs.id);
    expect(ids(voter)).not.toContain(mine.id);
    expect(ids(voter)).not.toContain(anonymous.id);
    // The moderator's answer is the whole queue, as before.
    expect(ids((await list(tokens.moderator)).queue)).toEqual(
      expect.arrayContaining([mine.id, anonymous.id, theirs.id]),
    );

    // Hidden (rejected), it leaves its asker's list too.
    await call("PATCH", `/api/qa/questions/${anonymous.id}`, { token: tokens.moderator, body: { hidden: true } });
    const rejected = ids((await list(tokens.attendee)).queue);
    expect(rejected).toContain(mine.id);
    expect(rejected).not.toContain(anonymous.id);
    // Approved, it leaves the queue for the open list.
    await call("PATCH", `/api/qa/questions/${mine.id}`, { token: tokens.moderator, body: { status: "open" } });
    const after = await list(tokens.attendee);
    expect(ids(after.queue)).not.toContain(mine.id);
    expect(after.questions.find((q: { id: number }) => q.id === mine.id)).toMatchObject({ asked_by_user: true });
    await call("PATCH", `/api/qa/questions/${theirs.id}`, { token: tokens.moderator, body: { hidden: true } });
    await settings({ requireApproval: false, allowAnonymous: false });
  });

  it("shows an anonymous reader no pending question", async () => {
    const openSettings = (requireApproval: boolean) =>
      call("PUT", `/api/qa/${openTalk}/settings`, {
        token: tokens.openModerator,
        body: { requireApproval, allowAnonymous: false },
      });
    expect((await openSettings(true)).status).toBe(200);
    const pending = (await ask("Open event, pending?", tokens.openAttendee, openTalk)).body.data;
    expect(pending.status).toBe("pending");
    expect(ids((await list(tokens.openAttendee, openTalk)).queue)).toEqual([pending.id]);
    const anonymousReader = await list(undefined, openTalk);
    expect(anonymousReader.queue).toEqual([]);
    expect(ids(anonymousReader.questions)).not.toContain(pending.id);
    await openSettings(false);
  });

  it("moves an answered question to the answered list, where it takes no votes", async () => {
    const question = (await ask("Answer me?")).body.data;
    await call("PATCH", `/api/qa/questions/${question.id}`, { token: tokens.moderator, body: { status: "answered" } });
    const seen = await list(tokens.voter);
    expect(ids(seen.answered)).toContain(question.id);
    expect(ids(seen.questions)).not.toContain(question.id);
    expect((await call("POST", `/api/qa/questions/${question.id}/vote`, { token: tokens.voter })).status).toBe(409);
  });

  it("hides a question from everyone but those who see the queue", async () => {
    const question = (await ask("Hide me?")).body.data;
    await call("PATCH", `/api/qa/questions/${question.id}`, { token: tokens.moderator, body: { hidden: true } });
    expect(ids((await list(tokens.voter)).questions)).not.toContain(question.id);
    expect(ids((await list(tokens.moderator)).hidden)).toContain(question.id);
    expect((await call("POST", `/api/qa/questions/${question.id}/vote`, { token: tokens.voter })).status).toBe(404);
  });

  it("features only a shown question of the talk, which the quiz's big-screen link then shows", async () => {
    const foreign = (await ask("Another talk's?", tokens.attendee, otherTalk)).body.data;
    const refused = await call("PUT", `/api/qa/${talk}/featured`, {
      token: tokens.moderator,
      body: { questionId: foreign.id },
    });
    expect(refused).toMatchObject({ status: 400, body: { error: { code: "foreign-id" } } });

    const question = (await ask("On the big screen?")).body.data;
    const featured = await call("PUT", `/api/qa/${talk}/featured`, {
      token: tokens.moderator,
      body: { questionId: question.id },
    });
    expect(featured.status).toBe(200);
    const link = await call("GET", `/api/quiz/${talk}/screen-link`, { token: tokens.moderator });
    const screen = await call("GET", `/api/qa/screen/${link.body.token}`);
    expect(screen.body.data.featured).toMatchObject({ id: question.id, question: "On the big screen?" });

    await call("PATCH", `/api/qa/questions/${question.id}`, { token: tokens.moderator, body: { hidden: true } });
    expect((await call("GET", `/api/qa/screen/${link.body.token}`)).body.data.featured).toBeNull();
  });
});

describe("live through the forum room", () => {
  it("pushes questions and votes, and never a queued or hidden question's text", async () => {
    const socket = await openRoomSocket(`/parties/forum-room/${otherTalk}?token=${tokens.voter}`);
    const hello = await socket.next();
    expect(hello.type).toBe("hello");
    const texts: string[] = [];
    const changes: { type: string; data: unknown }[] = [];
    const readUntil = async (done: () => boolean) => {
      while (!done()) {
        const message = await socket.next();
        const batch =
          message.type === "change"
            ? [message.change]
            : message.type === "changes"
              ? message.changes.map((e) => e.change)
              : [];
        for (const change of batch) {
          changes.push(change);
          texts.push(JSON.stringify(change.data));
        }
      }
    };

    const asked = (await ask("Live question?", tokens.attendee, otherTalk)).body.data;
    await call("POST", `/api/qa/questions/${asked.id}/vote`, { token: tokens.voter });
    await readUntil(() => changes.some((change) => change.type === "qa_votes"));
    expect(changes).toContainEqual({
      type: "qa_question",
      data: { question: expect.objectContaining({ id: asked.id }) },
    });
    expect(changes).toContainEqual({ type: "qa_votes", data: { id: asked.id, votes: 1 } });
    // The same push goes to every reader: it says nobody's vote and nobody's question.
    const pushed = changes.find((change) => change.type === "qa_question");
    expect(pushed?.data).toEqual({ question: expect.not.objectContaining({ asked_by_user: expect.anything() }) });
    expect(pushed?.data).toMatchObject({ question: { voted_by_user: false } });

    await settings({ requireApproval: true, allowAnonymous: false }, otherTalk);
    const queued = (await ask("Secret queued text", tokens.attendee, otherTalk)).body.data;
    await readUntil(() => changes.some((change) => change.type === "qa_queue"));
    expect(changes).toContainEqual({ type: "qa_queue", data: { id: queued.id } });
    expect(texts.join()).not.toContain("Secret queued text");
    await settings({ requireApproval: false, allowAnonymous: false }, otherTalk);
    socket.close();

    // A question hidden since it was pushed is replayed as a tombstone.
    await call("PATCH", `/api/qa/questions/${asked.id}`, { token: tokens.moderator, body: { hidden: true } });
    const replay = await openRoomSocket(`/parties/forum-room/${otherTalk}?since=1&token=${tokens.voter}`);
    const replayed: unknown[] = [];
    for (;;) {
      const message = await replay.next();
      if (message.type === "hello") break;
      if (message.type === "change") replayed.push(message.change);
    }
    expect(replayed).not.toContainEqual(
      expect.objectContaining({ type: "qa_question", data: { question: expect.objectContaining({ id: asked.id }) } }),
    );
    expect(replayed).toContainEqual({ type: "qa_removed", data: { id: asked.id } });
    replay.close();
  });
});
