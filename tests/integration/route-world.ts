/**
 * The world the route catalogue's rows are called in: two imported events built alike, each with
 * its accounts (moderator, attendee, the talk's speaker, another speaker), a self-paced talk with
 * questions, a live talk with a join code and a player, a forum post with a reply, a calendar
 * subscription and a stored file. The main event has anonymous access off; the other is open.
 */
import { env } from "cloudflare:test";
import frab from "../fixtures/frab-small.schedule.json";
import { addMember, call, newAddress } from "./account-client";
import { importOk } from "./admin-client";
import { CAPITAL_QUESTION, LATER, OPEN, putQuestions, setQuizWindows } from "./self-paced-client";

export const ACCOUNT_PASSWORD = "secret-pass";

/** A 1×1 PNG: a real image, whatever the server checks of its bytes. */
export const PNG_BYTES = Uint8Array.from(
  atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="),
  (character) => character.charCodeAt(0),
);

export type AccountRole = "moderator" | "attendee" | "speaker" | "otherSpeaker";

export interface Account {
  /** The event the account's token is for. */
  slug: string;
  email: string;
  name: string;
  /** Its roles in its event, as the admin API sets them. */
  roles: Record<string, unknown>;
  userId: number;
  /** Replaced when a row ends the session (logout, password change): read it at call time. */
  token: string;
}

export interface QuestionPiece {
  id: number;
  options: { id: number; correct: boolean }[];
}

export interface EventWorld {
  slug: string;
  eventId: number;
  accounts: Record<AccountRole, Account>;
  /** Jane Doe's talk (she alone speaks it): self-paced, questions open, results later. */
  talk: number;
  /** Jane Doe's other talk: a live quiz in its lobby, with a join code and one player. */
  liveTalk: number;
  questions: QuestionPiece[];
  liveQuestions: QuestionPiece[];
  /** What GET /api/quiz/{talk}/settings answers: a valid body for its PUT. */
  settings: Record<string, unknown>;
  joinCode: string;
  playerToken: string;
  post: number;
  reply: number;
  /** The attendee's calendar subscription file, `<64 hex>.ics`. */
  calendarFile: string;
  /** A stored quiz image's key under /api/files/. */
  fileKey: string;
  /** The world's other event, where the talk's speaker (Jane Doe) is a member too. */
  speakerAlsoIn?: string;
  /** After the live quiz was run again: its new join code, which the world's player joins. */
  rejoin(joinCode: string): Promise<void>;
  /** A post of the attendee made now, for rows that delete one. */
  newPost(): Promise<number>;
  /** A reply of the attendee made now, to the world's post or to `onPost`. */
  newReply(onPost?: number): Promise<number>;
  /** Shows the world's post again, unpinned, after a call that hid or pinned it. */
  restorePost(): Promise<void>;
  /** An open Q&A question of the attendee on the talk, asked through the API. */
  qaQuestion: number;
  /** An open question of the attendee made now (written to the database: asks are rate-limited). */
  newQaQuestion(): Promise<number>;
  /** The world's Q&A question open and shown again, the talk's Q&A settings back to the defaults. */
  restoreQa(): Promise<void>;
  /** The live quiz's current big-screen link token, as its moderator copies it. */
  screenToken(): Promise<string>;
}

export interface World {
  /** Anonymous access off: anonymous callers get the basic event data and nothing else. */
  main: EventWorld;
  /** Anonymous access on: its moderator is "another event's moderator" of the main one. */
  open: EventWorld;
}

function expectStatus(what: string, response: { status: number; body: unknown }, status: number) {
  if (response.status !== status) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
}

export async function logIn(slug: string, account: Pick<Account, "email">): Promise<string> {
  const login = await call("POST", `/api/event-engagement/${slug}/user-login`, {
    body: { email: account.email, password: ACCOUNT_PASSWORD },
    ip: newAddress(),
  });
  expectStatus(`login ${account.email}`, login, 200);
  return login.body.data.token as string;
}

/** Sets the account's password back to ACCOUNT_PASSWORD, its roles and name unchanged. */
export async function resetAccount(account: Pick<Account, "slug" | "email" | "name" | "roles">) {
  await addMember(account.slug, {
    email: account.email,
    name: account.name,
    password: ACCOUNT_PASSWORD,
    ...account.roles,
  });
}

async function account(slug: string, role: AccountRole, roles: Record<string, unknown>): Promise<Account> {
  const email = `${role.toLowerCase()}-${slug}@example.org`;
  const name = `${role} ${slug}`;
  await resetAccount({ slug, email, name, roles });
  const token = await logIn(slug, { email });
  const me = await call("GET", "/api/me", { token });
  expectStatus(`me ${email}`, me, 200);
  return { slug, email, name, roles, token, userId: me.body.data.user.id };
}

async function presentationId(eventId: number, name: string): Promise<number> {
  const row = await env.DB.prepare("SELECT id FROM presentations WHERE event_id = ? AND name = ?")
    .bind(eventId, name)
    .first<{ id: number }>();
  if (!row) throw new Error(`no presentation ${name}`);
  return row.id;
}

const toPieces = (questions: QuestionPiece[]) =>
  questions.map((question) => ({
    id: question.id,
    options: question.options.map((option) => ({ id: option.id, correct: option.correct })),
  }));

export async function buildEventWorld(slug: string, engagement: Record<string, unknown>): Promise<EventWorld> {
  await importOk(slug, { ...frab, engagement: { showVideoViews: true, ...engagement } });
  const event = await env.DB.prepare("SELECT id FROM events WHERE slug = ?").bind(slug).first<{ id: number }>();
  if (!event) throw new Error(`no event ${slug}`);
  const accounts: Record<AccountRole, Account> = {
    moderator: await account(slug, "moderator", { isModerator: true }),
    attendee: await account(slug, "attendee", {}),
    speaker: await account(slug, "speaker", { isSpeaker: true, speakerExternalId: "7001:Jane Doe" }),
    otherSpeaker: await account(slug, "otherSpeaker", { isSpeaker: true, speakerExternalId: "7004:Karla Schmidt" }),
  };
  const moderator = () => accounts.moderator.token;
  const talk = await presentationId(event.id, "Threat models for everyone");
  const liveTalk = await presentationId(event.id, "Opening Ceremony");

  const questions = toPieces(
    await putQuestions(moderator(), talk, [
      CAPITAL_QUESTION,
      {
        question: "Liked it?",
        options: [
          ["Yes", false],
          ["No", false],
        ],
        is_survey: true,
      },
    ]),
  );
  await setQuizWindows(moderator(), talk, { questions: OPEN, results: LATER });
  const settings = await call("GET", `/api/quiz/${talk}/settings`, { token: moderator() });
  expectStatus("settings", settings, 200);

  const liveQuestions = toPieces(await putQuestions(moderator(), liveTalk, [CAPITAL_QUESTION]));
  await setQuizWindows(moderator(), liveTalk, { live: true, questions: OPEN, results: LATER });
  const code = await call("POST", "/api/quiz/get-code", { token: moderator(), body: { _id: liveTalk } });
  expectStatus("get-code", code, 200);
  const joinAsPlayer = async (joinCode: string) => {
    // A member joins: an event closed to anonymous visitors lets no nickname in without a session.
    const joined = await call("POST", "/api/quiz/login", {
      token: accounts.attendee.token,
      body: { code: joinCode, name: "World player", deviceId: `world-${slug}` },
    });
    expectStatus("quiz login", joined, 201);
    return joined.body.token as string;
  };
  const playerToken = await joinAsPlayer(code.body.code);

  const newPost = async () => {
    const created = await call("POST", `/api/forum/${talk}/posts`, {
      token: accounts.attendee.token,
      body: { post: "A question for the speaker" },
    });
    expectStatus("post", created, 201);
    return created.body.data.id as number;
  };
  const post = await newPost();
  // On a post of its own: a spoiled id of the bad-input properties may be a real one, and a
  // moderator's delete of it then succeeds, taking the world's post with it.
  const newReply = async (onPost = post) => {
    const created = await call("POST", `/api/forum/posts/${onPost}/replies`, {
      token: accounts.attendee.token,
      body: { reply: "An answer" },
    });
    expectStatus("reply", created, 201);
    return created.body.data.id as number;
  };
  const reply = await newReply();

  const asked = await call("POST", `/api/qa/${talk}/questions`, {
    token: accounts.attendee.token,
    body: { question: "Which threat model fits a small team?" },
  });
  expectStatus("qa question", asked, 201);
  const qaQuestion = asked.body.data.id as number;
  const newQaQuestion = async () => {
    const row = await env.DB.prepare(
      "INSERT INTO talk_questions (presentation_id, user_id, body, status) VALUES (?, ?, 'A fresh question', 'open') RETURNING id",
    )
      .bind(talk, accounts.attendee.userId)
      .first<{ id: number }>();
    if (!row) throw new Error("no qa question");
    return row.id;
  };

  const calendar = await call("GET", "/api/me/calendar", { token: accounts.attendee.token });
  expectStatus("calendar", calendar, 200);
  const image = await call("PUT", `/api/quiz/${talk}/media/image`, {
    token: moderator(),
    rawBody: PNG_BYTES,
    type: "image/png",
  });
  expectStatus("image", image, 201);

  const world: EventWorld = {
    slug,
    eventId: event.id,
    accounts,
    talk,
    liveTalk,
    questions,
    liveQuestions,
    settings: settings.body.data,
    joinCode: code.body.code,
    playerToken,
    post,
    reply,
    calendarFile: String(calendar.body.data.url).split("/").pop() as string,
    fileKey: String(image.body.data.image).slice("/api/files/".length),
    async rejoin(joinCode) {
      world.joinCode = joinCode;
      world.playerToken = await joinAsPlayer(joinCode);
    },
    newPost,
    newReply,
    qaQuestion,
    newQaQuestion,
    restoreQa: async () => {
      await env.DB.batch([
        env.DB.prepare("UPDATE talk_questions SET status = 'open', hidden = 0 WHERE id = ?").bind(qaQuestion),
        env.DB.prepare("DELETE FROM talk_qa_settings WHERE presentation_id = ?").bind(talk),
      ]);
    },
    restorePost: async () => {
      const restored = await call("PATCH", `/api/forum/posts/${post}`, {
        token: moderator(),
        body: { hidden: false, pinned: false },
      });
      expectStatus("post restored", restored, 200);
    },
    screenToken: async () => {
      const link = await call("GET", `/api/quiz/${liveTalk}/screen-link`, { token: moderator() });
      expectStatus("screen link", link, 200);
      return link.body.token as string;
    },
  };
  return world;
}

/** Both events; `prefix` keeps the slugs of two test files apart. */
export async function buildWorld(prefix: string): Promise<World> {
  const main = await buildEventWorld(`${prefix}-closed`, { allowAnonymousAccess: false });
  const open = await buildEventWorld(`${prefix}-open`, {});
  // Each talk's speaker is an attendee of the other event too: one person, a session per event.
  for (const [event, other] of [
    [main, open],
    [open, main],
  ] as const) {
    await resetAccount({ ...event.accounts.speaker, slug: other.slug, roles: {} });
    event.speakerAlsoIn = other.slug;
  }
  return { main, open };
}
