import { env, SELF } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { call, signUpAndLogIn } from "./account-client";
import { openRoomSocket } from "./room-socket";
import { PNG_BYTES } from "./route-world";
import {
  answer,
  CAPITAL_QUESTION,
  OPEN,
  putQuestions,
  quizEvent,
  selfPaced,
  setQuizWindows,
} from "./self-paced-client";

const SLUG = "personal-data";
let quiz: Awaited<ReturnType<typeof quizEvent>> & {
  eventId: number;
  question: { id: number; options: { id: number; correct: boolean }[] };
  paris: number;
};
let talk: number;
let quizTalk: number;

const exportOf = (token: string) =>
  SELF.fetch("http://localhost/api/me/export", { headers: { authorization: `Bearer ${token}` } });
const deleteAccount = (token: string, body: unknown, locale?: "fr" | "en") =>
  call("DELETE", "/api/me", { token, body, locale });
type Feed = Awaited<ReturnType<typeof openRoomSocket>>;
type FeedChange = { type: string; data: any };

/** The first change of the feed that `wanted` accepts, whether it came alone or in a batch. */
async function changeOf(feed: Feed, wanted: (change: FeedChange) => boolean): Promise<FeedChange> {
  for (;;) {
    const message = (await feed.next()) as any;
    const changes: FeedChange[] =
      message.type === "change"
        ? [message.change]
        : message.type === "changes"
          ? message.changes.map((c: any) => c.change)
          : [];
    const found = changes.find(wanted);
    if (found) return found;
  }
}

const forumPosts = (token: string) => call("GET", `/api/forum/${talk}/posts`, { token });

/** A new attendee who posted, replied to their own post, liked it, bookmarked the talk and answered the quiz. */
async function activeAttendee(name: string) {
  const email = `${name}-${SLUG}@example.org`;
  const user = await signUpAndLogIn(SLUG, email);
  const post = await call("POST", `/api/forum/${talk}/posts`, { token: user.token, body: { post: `Post by ${name}` } });
  const reply = await call("POST", `/api/forum/posts/${post.body.data.id}/replies`, {
    token: user.token,
    body: { reply: `Reply by ${name}` },
  });
  await call("POST", `/api/forum/posts/${post.body.data.id}/like`, { token: user.token });
  await call("PATCH", `/api/speaker-data/${talk}/my-schedule/${quiz.eventId}`, {
    token: user.token,
    body: { id: user.id },
  });
  await selfPaced(user.token, quizTalk);
  await answer(user.token, quizTalk, { questionId: quiz.question.id, optionIds: [quiz.paris] });
  return { ...user, email, postId: post.body.data.id as number, replyId: reply.body.data.id as number };
}

beforeAll(async () => {
  const event = await quizEvent(SLUG);
  [talk, quizTalk] = event.presentationIds as [number, number];
  const [question] = await putQuestions(event.moderator, quizTalk, [CAPITAL_QUESTION]);
  if (!question) throw new Error("no question");
  await setQuizWindows(event.moderator, quizTalk, { questions: OPEN, results: OPEN });
  const row = await env.DB.prepare("SELECT id FROM events WHERE slug = ?").bind(SLUG).first<{ id: number }>();
  quiz = {
    ...event,
    eventId: row?.id as number,
    question,
    paris: question.options.find((o) => o.correct)?.id as number,
  };
});

describe("GET /api/me/export", () => {
  it("hands over the profile, memberships, schedule, forum and quiz rows as a private JSON attachment", async () => {
    const user = await activeAttendee("exporter");
    const response = await exportOf(user.token);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="personal-data-${user.id}.json"`);
    const { data } = (await response.json()) as { data: any };
    expect(data.profile).toMatchObject({ id: user.id, email: user.email, name: "Test User", locale: "fr" });
    expect(data.profile.emailValidatedAt).toMatch(/^\d{4}-/);
    expect(data.memberships).toEqual([expect.objectContaining({ slug: SLUG, isModerator: false, isSpeaker: false })]);
    expect(data.mySchedule).toEqual([expect.objectContaining({ presentationId: talk, event: SLUG })]);
    expect(data.forum.posts).toEqual([expect.objectContaining({ id: user.postId, post: "Post by exporter" })]);
    expect(data.forum.replies).toEqual([expect.objectContaining({ id: user.replyId, reply: "Reply by exporter" })]);
    expect(data.forum.likedPostIds).toEqual([user.postId]);
    expect(data.quiz.answers).toEqual([
      expect.objectContaining({ presentationId: quizTalk, questionId: quiz.question.id, mode: "self", correct: true }),
    ]);
    expect(JSON.stringify(data)).not.toMatch(/password|token/i);
  });

  it("needs a session and is limited per user", async () => {
    expect((await call("GET", "/api/me/export")).status).toBe(401);
    const user = await signUpAndLogIn(SLUG, `limited-${SLUG}@example.org`);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await exportOf(user.token)).status);
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe("DELETE /api/me", () => {
  it("refuses a wrong password and changes nothing", async () => {
    const user = await signUpAndLogIn(SLUG, `keeper-${SLUG}@example.org`);
    const wrong = await deleteAccount(user.token, { password: "not-the-password", removePosts: false }, "en");
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.code).toBe("wrong-current-password");
    expect((await call("GET", "/api/me", { token: user.token })).status).toBe(200);
    expect((await deleteAccount(user.token, { password: "secret-pass" })).status).toBe(400);
  });

  it("erases the person, ends every session, keeps posts as a deleted user and quiz points anonymous", async () => {
    const user = await activeAttendee("leaver");
    const second = await call("POST", `/api/event-engagement/${SLUG}/user-login`, {
      body: { email: user.email, password: "secret-pass" },
    });
    const picture = await call("PUT", "/api/me/picture", { token: user.token, rawBody: PNG_BYTES, type: "image/png" });
    await call("PATCH", "/api/me", {
      token: user.token,
      body: { name: "Test User", picture: picture.body.data.picture },
    });
    const feed = await openRoomSocket(`/parties/forum-room/${talk}`);

    const deleted = await deleteAccount(user.token, { password: "secret-pass", removePosts: false });
    expect(deleted).toEqual({ status: 200, body: { message: "deleted" } });

    // Every session ends, and the address no longer logs in.
    expect((await call("GET", "/api/me", { token: user.token })).status).toBe(401);
    expect((await call("GET", "/api/me", { token: second.body.data.token })).status).toBe(401);
    const login = await call("POST", `/api/event-engagement/${SLUG}/user-login`, {
      body: { email: user.email, password: "secret-pass" },
    });
    expect(login.status).toBe(401);
    expect(login.body.error.code).toBe("invalid-credentials");

    const row = await env.DB.prepare("SELECT email, name, picture, password_hash, deleted_at FROM users WHERE id = ?")
      .bind(user.id)
      .first<Record<string, unknown>>();
    expect(row).toMatchObject({
      email: `deleted-${user.id}@deleted.invalid`,
      name: "",
      picture: null,
      password_hash: "",
    });
    expect(row?.deleted_at).toBeGreaterThan(0);
    for (const table of ["event_members", "my_schedule", "forum_post_likes", "quiz_question_views", "user_codes"]) {
      const left = await env.DB.prepare(`SELECT count(*) AS n FROM ${table} WHERE user_id = ?`)
        .bind(user.id)
        .first<{ n: number }>();
      expect([table, left?.n]).toEqual([table, 0]);
    }
    const pictures = await env.FILES.list({ prefix: `pictures/users/${user.id}/` });
    expect(pictures.objects).toEqual([]);

    // The forum keeps the post and reply, by "deleted user", live and when read again.
    const pushed = await changeOf(feed, (change) => change.type === "author_deleted");
    expect(pushed).toEqual({ type: "author_deleted", data: { userId: user.id } });
    feed.close();
    const page = await forumPosts(quiz.moderator);
    const kept = page.body.data.posts.find((post: any) => post.id === user.postId);
    expect(kept.user).toMatchObject({ id: user.id, name: "", photo: null, deleted: true });
    expect(kept.replies[0].user).toMatchObject({ name: "", deleted: true });

    // A feed replayed from before the deletion names nobody either.
    const replay = await openRoomSocket(`/parties/forum-room/${talk}?since=1`);
    const created = await changeOf(
      replay,
      (change) => change.type === "post_created" && change.data.post.id === user.postId,
    );
    expect(created.data.post.user).toMatchObject({ name: "", deleted: true });
    replay.close();

    // The quiz keeps the points under an anonymous name.
    const results = await call("GET", `/api/quiz/${quizTalk}/results`, { token: quiz.moderator });
    const mine = results.body.data.leaderboard.find((entry: any) => entry.user.id === `user:${user.id}`);
    expect(mine.user.name).toBe(`Anonyme #user:${user.id}`);
    expect(mine.points).toBeGreaterThan(0);

    // The address is free for a new account.
    const again = await signUpAndLogIn(SLUG, user.email);
    expect(again.id).not.toBe(user.id);
  });

  it("removes the posts and replies too when asked", async () => {
    const user = await activeAttendee("eraser");
    const deleted = await deleteAccount(user.token, { password: "secret-pass", removePosts: true });
    expect(deleted.status).toBe(200);
    const page = await forumPosts(quiz.moderator);
    expect(page.body.data.posts.map((post: any) => post.id)).not.toContain(user.postId);
    const replies = await env.DB.prepare("SELECT count(*) AS n FROM forum_replies WHERE user_id = ?")
      .bind(user.id)
      .first<{ n: number }>();
    expect(replies?.n).toBe(0);
  });
});
