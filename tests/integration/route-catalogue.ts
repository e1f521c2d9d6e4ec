/**
 * One row per route of the API and per way into a room: how to fill it in a world
 * (route-world.ts) and the status each caller must get. role-matrix.test.ts calls every row as
 * every caller and fails when a route of worker/app.ts or a room of worker/index.ts has no row;
 * bad-input-properties.test.ts sends every row bad input. docs/security.md says how to add one.
 *
 * The statuses are the product's rules (schedule spec §6, live quiz spec §1, issue 11), not what
 * the code happens to answer:
 * - the main event has anonymous access off: an anonymous caller gets 401 on everything but the
 *   basic event data, the account forms, the calendar feed's secret URL and stored files;
 * - a token is scoped to one event: another event's moderator presents a token of another event,
 *   refused like no token (401, worker/auth/session.ts `assertSameEvent`), never let in;
 * - managing a quiz is for the event's moderators and the talk's own speaker (403 for the others);
 * - hiding, pinning and deleting others' posts are for moderators; an author deletes their own;
 * - the "visitor" is an anonymous caller of the open event: what anonymous access on allows.
 */
import { env } from "cloudflare:test";
import { OUTPUT_NAME_PATTERN } from "@core/processing/protocol";
import frab from "../fixtures/frab-small.schedule.json";
import { addMember } from "./account-client";
import { minimalArchive } from "./archive-client";
import { leasedJob, PROCESSOR_TOKEN, processing, queueVersion } from "./processing-client";
import {
  ACCOUNT_PASSWORD,
  type Account,
  type EventWorld,
  logIn,
  PNG_BYTES,
  resetAccount,
  type World,
} from "./route-world";
import { MP4_HEAD, quizVideoCreation, startedUpload, TUS_HEADERS, videoCreation } from "./upload-client";
import { allOffline, completeUpload, processedVersion } from "./version-client";

export const CALLERS = [
  "anonymous",
  "attendee",
  "speaker",
  "otherSpeaker",
  "moderator",
  "foreignModerator",
  "visitor",
] as const;
export type CallerName = (typeof CALLERS)[number];

export interface Caller {
  name: CallerName;
  /** The event whose pieces fill the row: the open one for the visitor, the main one otherwise. */
  event: EventWorld;
  account: Account | undefined;
}

export function callerOf(world: World, name: CallerName): Caller {
  switch (name) {
    case "anonymous":
      return { name, event: world.main, account: undefined };
    case "visitor":
      return { name, event: world.open, account: undefined };
    case "foreignModerator":
      return { name, event: world.main, account: world.open.accounts.moderator };
    default:
      return { name, event: world.main, account: world.main.accounts[name] };
  }
}

/** Pieces made fresh for one call, because a successful call consumes them. */
export interface Prepared {
  post?: number;
  reply?: number;
  screenToken?: string;
  /** A job leased by `processorId`, and an output's multipart upload with its first part. */
  job?: { jobId: number; processorId: string; uploadId?: string; etag?: string };
  /** A tus upload of the talk's speaker, created and still empty. */
  tusUploadId?: string;
  /** A session of the talk's speaker in the world's other event. */
  elsewhereToken?: string;
  /** A processed (success, offline) version of the talk, and a finished video upload of its speaker. */
  versionId?: string;
  videoUploadId?: string;
  /** The room of the talk, read from the database. */
  roomId?: number;
  /** The talk's main speaker (Jane Doe), read from the database. */
  speakerId?: number;
  /** A session of an account made for this call, in the caller's event: deleting an account consumes it. */
  throwawayToken?: string;
  /** An open Q&A question of the attendee on the talk. */
  qaQuestion?: number;
}

/** What a row's fill functions see. */
export interface Fill {
  event: EventWorld;
  caller: Caller;
  /** What the row's `prepare` made for this call. */
  prepared: Prepared;
  /** Unique per call: keeps e-mails and nicknames apart. */
  serial: number;
}

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "OPTIONS";

export interface RouteRow {
  method: Method;
  /** The Hono path pattern, as `app.routes` lists it (`/api/quiz/:presentationId/settings`), or a room's. */
  path: string;
  /** Names a row when a route has several (a room's roles). */
  variant?: string;
  /** A WebSocket upgrade: success is 101, the token travels as `?token=` as browsers send it. */
  upgrade?: boolean;
  params?: (fill: Fill) => Record<string, string | number>;
  query?: (fill: Fill) => Record<string, string>;
  /** A valid JSON body. */
  body?: (fill: Fill) => unknown;
  /**
   * Where the valid JSON body holds text that is stored for people to read (a chapter's title, a
   * post): bad-input-properties.test.ts sends control and bidi characters there and checks none
   * is stored (core/text/plain-text.ts).
   */
  storedTexts?: (string | number)[][];
  /** A valid non-JSON body. */
  raw?: (fill: Fill) => { body: BodyInit; type: string };
  /** Headers a valid request carries besides the token and the content type (tus uploads'). */
  headers?: (fill: Fill) => Record<string, string>;
  /** The credential presented; by default the caller's session token. */
  token?: (fill: Fill) => string | undefined;
  /** Makes the pieces a successful call consumes, fresh for each call. */
  prepare?: (fill: Omit<Fill, "prepared">) => Promise<Prepared>;
  /** Puts back what a successful call took from the world (a revoked session). */
  restore?: (fill: Fill, answer: unknown) => Promise<void>;
  expected: Record<CallerName, number>;
}

type Profile = Record<CallerName, number>;

const same = (status: number): Profile => ({
  anonymous: status,
  attendee: status,
  speaker: status,
  otherSpeaker: status,
  moderator: status,
  foreignModerator: status,
  visitor: status,
});

/** Whoever may see the event: its members, and anyone when anonymous access is on. */
const eventReaders = (ok: number): Profile => ({ ...same(ok), anonymous: 401, foreignModerator: 401 });
/** Signed-in members of the event only. */
const eventMembers = (ok: number): Profile => ({ ...eventReaders(ok), visitor: 401 });
/** The quiz's managers: the event's moderators and the talk's own speaker. */
const quizManagers = (ok: number): Profile => ({ ...eventMembers(ok), attendee: 403, otherSpeaker: 403 });
/** The event's moderators only. */
const moderators = (ok: number): Profile => ({ ...quizManagers(ok), speaker: 403 });
/** The talk's own speaker only: writing its video versions. */
const talkSpeaker = (ok: number): Profile => ({ ...quizManagers(ok), moderator: 403 });
/**
 * An upload's own uploader (the talk's speaker); to anyone else of its event an upload id is
 * unknown, and a token of another event is refused like none.
 */
const uploader = (ok: number): Profile => ({
  ...same(404),
  anonymous: 401,
  foreignModerator: 401,
  visitor: 401,
  speaker: ok,
});
/** Anyone signed in, in their own event: calls about the caller's own account. */
const signedIn = (ok: number): Profile => ({ ...same(ok), anonymous: 401, visitor: 401 });

const talk = ({ event }: Fill) => ({ presentationId: event.talk });
const liveTalk = ({ event }: Fill) => ({ presentationId: event.liveTalk });
const correctAnswer = (question: EventWorld["questions"][number]) =>
  question.options.filter((option) => option.correct).map((option) => option.id);

const liveAnswer = ({ event }: Fill) => ({
  presentationId: event.liveTalk,
  questionId: event.liveQuestions[0]?.id,
  optionIds: correctAnswer(event.liveQuestions[0] as EventWorld["questions"][number]),
});

/** A session ended by the call: the caller signs in again. */
async function signInAgain({ caller }: Fill) {
  if (caller.account) caller.account.token = await logIn(caller.account.slug, caller.account);
}

/** A member of the caller's event made for one call (none for a caller without an account), signed in. */
async function throwawayAccount({ caller, serial }: Omit<Fill, "prepared">): Promise<Prepared> {
  if (!caller.account) return {};
  const slug = caller.account.slug;
  const email = `throwaway-${serial}-${slug}@example.org`;
  await addMember(slug, { email, name: `Throwaway ${serial}`, password: ACCOUNT_PASSWORD });
  return { throwawayToken: await logIn(slug, { email }) };
}

const png = () => ({ body: PNG_BYTES, type: "image/png" });
const talkOwner = (event: EventWorld) => ({
  userId: event.accounts.speaker.userId,
  eventId: event.eventId,
  presentationId: event.talk,
});
const freshVideoUpload = async ({ event }: Omit<Fill, "prepared">) => ({
  videoUploadId: (await completeUpload(talkOwner(event), "video")).id,
});
const freshVersion = async ({ event }: Omit<Fill, "prepared">) => ({
  versionId: (await processedVersion(talkOwner(event))).versionId,
});
/** A processed version of the talk put online: its public video. */
const publicVersion = async ({ event }: Omit<Fill, "prepared">) => ({
  versionId: (await processedVersion(talkOwner(event), { online: true })).versionId,
});
const talkRoom = async ({ event }: Omit<Fill, "prepared">) => {
  const row = await env.DB.prepare("SELECT room_id AS roomId FROM presentations WHERE id = ?")
    .bind(event.talk)
    .first<{ roomId: number }>();
  return { roomId: row?.roomId };
};
const talkSpeakerId = async ({ event }: Omit<Fill, "prepared">) => {
  const row = await env.DB.prepare("SELECT speaker_id AS speakerId FROM presentations WHERE id = ?")
    .bind(event.talk)
    .first<{ speakerId: number }>();
  return { speakerId: row?.speakerId };
};
const versionParams = ({ event, prepared }: Fill) => ({
  presentationId: event.talk,
  versionId: `${prepared.versionId}`,
});
const processorToken = () => PROCESSOR_TOKEN;
const freshTusUpload = async ({ event }: Omit<Fill, "prepared">) => ({ tusUploadId: await startedUpload(event) });
const tusUpload = ({ prepared }: Fill) => ({ uploadId: `${prepared.tusUploadId}` });
/** A fresh upload of the talk's speaker, and the same speaker's session of the world's other event. */
const tusUploadAndElsewhereToken = async (fill: Omit<Fill, "prepared">) => {
  const { event } = fill;
  if (!event.speakerAlsoIn) throw new Error("the speaker is a member of no other event");
  return { ...(await freshTusUpload(fill)), elsewhereToken: await logIn(event.speakerAlsoIn, event.accounts.speaker) };
};
const elsewhereToken = ({ prepared }: Fill) => prepared.elsewhereToken;
/** A processor that holds no lease on the prepared job (it shares the processors' token). */
const SECOND_PROCESSOR = "second-processor";
/** A leased job with a chapter frame already uploaded, as a completion names it. */
const leasedJobWithChapterFrame = async (fill: Omit<Fill, "prepared">) => {
  const prepared = await leasedJob(fill);
  const { jobId, processorId } = prepared.job;
  const frame = await processing("PUT", `/jobs/${jobId}/outputs/chapters/001.jpg?processorId=${processorId}`, {
    raw: new TextEncoder().encode("jpg"),
  });
  if (frame.status !== 204) throw new Error(`chapter frame: ${frame.status}`);
  return prepared;
};
const completion = (processorId: string | undefined) => ({
  processorId,
  durationMs: 1_000,
  pageCount: null,
  pdf: null,
  video: null,
  webcam: null,
  chapters: [{ timeMs: 0, page: null, title: "Introduction", thumbnail: "chapters/001.jpg" }],
});
/** A processor's output route, as worker/routes/processing.ts writes it. */
const OUTPUT = `/api/processing/jobs/:jobId/outputs/:name{${OUTPUT_NAME_PATTERN}}`;

/**
 * The calls on a leased job, made by the processor holding its lease (answered as the call
 * succeeds) or by a second processor with the same token and no lease on it (409 each time).
 */
function jobRows(caller: "lease holder" | "second processor"): RouteRow[] {
  const holder = caller === "lease holder";
  const processorId = ({ prepared }: Fill) => (holder ? prepared.job?.processorId : SECOND_PROCESSOR);
  const lease = (fill: Fill) => ({ processorId: `${processorId(fill)}` });
  const answered = (status: number) => same(holder ? status : 409);
  const row = (fields: Omit<RouteRow, "token" | "variant">): RouteRow => ({
    ...fields,
    token: processorToken,
    ...(holder ? {} : { variant: "by a second processor", storedTexts: undefined }),
  });
  const job = ({ prepared }: Fill) => ({ jobId: `${prepared.job?.jobId}` });
  const multipartPrepare = (fill: Omit<Fill, "prepared">) => leasedJob(fill, { multipart: true });
  const multipartParams = (fill: Fill) => ({
    ...job(fill),
    name: "video.mp4",
    uploadId: `${fill.prepared.job?.uploadId}`,
  });
  return [
    row({
      method: "POST",
      path: "/api/processing/jobs/:jobId/progress",
      prepare: leasedJob,
      params: job,
      body: (fill) => ({ processorId: processorId(fill), percent: 50, stage: "chapters" }),
      expected: answered(204),
    }),
    row({
      method: "GET",
      path: "/api/processing/jobs/:jobId/inputs/:kind",
      prepare: leasedJob,
      params: (fill) => ({ ...job(fill), kind: "video" }),
      query: lease,
      expected: answered(200),
    }),
    row({
      method: "PUT",
      path: `${OUTPUT}`,
      prepare: leasedJob,
      params: (fill) => ({ ...job(fill), name: "slides.pdf" }),
      query: lease,
      raw: () => ({ body: "%PDF-1.4", type: "application/pdf" }),
      expected: answered(204),
    }),
    row({
      method: "POST",
      path: `${OUTPUT}/multipart`,
      prepare: leasedJob,
      params: (fill) => ({ ...job(fill), name: "video.mp4" }),
      query: lease,
      expected: answered(201),
    }),
    row({
      method: "PUT",
      path: `${OUTPUT}/multipart/:uploadId/:partNumber`,
      prepare: multipartPrepare,
      params: (fill) => ({ ...multipartParams(fill), partNumber: 2 }),
      query: lease,
      raw: () => ({ body: "the last part", type: "application/octet-stream" }),
      expected: answered(200),
    }),
    row({
      method: "POST",
      path: `${OUTPUT}/multipart/:uploadId/complete`,
      prepare: multipartPrepare,
      params: multipartParams,
      query: lease,
      body: ({ prepared }) => ({ parts: [{ partNumber: 1, etag: prepared.job?.etag }] }),
      expected: answered(204),
    }),
    row({
      method: "POST",
      path: "/api/processing/jobs/:jobId/complete",
      prepare: leasedJobWithChapterFrame,
      params: job,
      body: (fill) => completion(processorId(fill)),
      storedTexts: [["chapters", 0, "title"]],
      expected: answered(204),
    }),
    row({
      method: "POST",
      path: "/api/processing/jobs/:jobId/fail",
      prepare: leasedJob,
      params: job,
      body: (fill) => ({ processorId: processorId(fill), status: "failed", error: "ffmpeg exited 1" }),
      storedTexts: [["error"]],
      expected: answered(204),
    }),
  ];
}

export const ROUTES: RouteRow[] = [
  { method: "GET", path: "/api/health", expected: same(200) },
  // The app's error reports: from anyone, errors happen before login too (docs/operations.md).
  {
    method: "POST",
    path: "/api/logger/add",
    body: () => ({
      message: "TypeError: chapters is undefined",
      kind: "error",
      stack: "TypeError: chapters is undefined\n    at Editor (editor.js:1:200)",
      route: "/demo/12/video-editor?resettoken=abc",
      release: "2026.11.27",
    }),
    storedTexts: [["message"], ["stack"]],
    expected: same(204),
  },

  // Schedule: what the event shows; only its basic data stays public when anonymous access is off.
  {
    method: "GET",
    path: "/api/public/schedule/:slug",
    params: ({ event }) => ({ slug: event.slug }),
    expected: eventReaders(200),
  },
  {
    method: "GET",
    path: "/api/public/schedule/:slug/:presentationId",
    params: ({ event }) => ({ slug: event.slug, presentationId: event.talk }),
    expected: eventReaders(200),
  },
  {
    method: "GET",
    path: "/api/public/schedule/:slug/:presentationId/calendar.ics",
    params: ({ event }) => ({ slug: event.slug, presentationId: event.talk }),
    expected: eventReaders(200),
  },
  // Speakers pages (docs/speakers-and-conflicts.md): whoever may read the programme.
  {
    method: "GET",
    path: "/api/events/:slug/speakers",
    params: ({ event }) => ({ slug: event.slug }),
    expected: eventReaders(200),
  },
  {
    method: "GET",
    path: "/api/events/:slug/speakers/:speakerId",
    prepare: talkSpeakerId,
    params: ({ event, prepared }) => ({ slug: event.slug, speakerId: `${prepared.speakerId}` }),
    expected: eventReaders(200),
  },
  {
    method: "GET",
    path: "/api/public/schedule-basic/:slug",
    params: ({ event }) => ({ slug: event.slug }),
    expected: same(200),
  },
  {
    method: "GET",
    path: "/api/presentation/filter",
    query: ({ event }) => ({ slug: event.slug, search: "threat" }),
    expected: eventReaders(200),
  },
  // Search inside talks (docs/api.md#search-inside-talks): as open as the schedule it searches.
  {
    method: "GET",
    path: "/api/presentation/slide-search",
    prepare: publicVersion,
    query: ({ event }) => ({ slug: event.slug, search: "introduction" }),
    expected: eventReaders(200),
  },
  {
    method: "GET",
    path: "/api/presentation/plays",
    query: ({ event }) => ({ slug: event.slug }),
    expected: eventReaders(200),
  },
  {
    method: "GET",
    path: "/api/presentation/:presentationId/plays",
    params: talk,
    expected: eventReaders(200),
  },
  // The public video page (docs/watch.md): as open as the schedule; version plays for who reads versions.
  {
    method: "GET",
    path: "/api/presentation/:presentationId/video",
    prepare: publicVersion,
    params: talk,
    expected: eventReaders(200),
  },
  {
    method: "GET",
    path: "/api/presentation/:presentationId/chapters.vtt",
    prepare: publicVersion,
    params: talk,
    expected: eventReaders(200),
  },
  {
    method: "POST",
    path: "/api/presentation/:presentationId/plays",
    prepare: publicVersion,
    params: talk,
    body: ({ serial }) => ({ viewerId: `viewer-${serial}` }),
    expected: eventReaders(200),
  },
  {
    method: "GET",
    path: "/api/presentation/:presentationId/version-plays",
    params: talk,
    expected: quizManagers(200),
  },
  {
    method: "GET",
    path: "/api/quiz/active",
    query: ({ event }) => ({ slug: event.slug }),
    expected: eventReaders(200),
  },
  {
    method: "GET",
    path: "/api/quiz/statuses",
    query: ({ event }) => ({ slug: event.slug }),
    expected: eventReaders(200),
  },

  // Accounts: the forms of the login overlay, open to all.
  {
    method: "POST",
    path: "/api/event-engagement/:event/user-signup",
    params: ({ event }) => ({ event: event.slug }),
    body: ({ serial }) => ({ name: "New Person", email: `signup-${serial}@example.org`, password: ACCOUNT_PASSWORD }),
    expected: same(201),
  },
  {
    method: "POST",
    path: "/api/event-engagement/:event/user-login",
    params: ({ event }) => ({ event: event.slug }),
    body: ({ event }) => ({ email: event.accounts.attendee.email, password: ACCOUNT_PASSWORD }),
    expected: same(200),
  },
  {
    method: "POST",
    path: "/api/event-engagement/:event/user-forgot-password",
    params: ({ event }) => ({ event: event.slug }),
    // An unknown address answers as a known one would: the answer tells no stranger who has an account.
    body: ({ serial }) => ({ email: `nobody-${serial}@example.org` }),
    expected: same(200),
  },
  {
    method: "POST",
    path: "/api/event-engagement/:event/user-reset-password",
    params: ({ event }) => ({ event: event.slug }),
    body: () => ({ token: "0".repeat(64), password: "another-pass" }),
    expected: same(400),
  },
  {
    method: "POST",
    path: "/api/event-engagement/:event/user-reset-validate",
    params: ({ event }) => ({ event: event.slug }),
    body: () => ({ token: "0".repeat(64) }),
    expected: same(400),
  },
  {
    method: "POST",
    path: "/api/speaker/login",
    body: ({ event }) => ({ email: event.accounts.speaker.email, password: ACCOUNT_PASSWORD, event_slug: event.slug }),
    expected: same(200),
  },

  // The caller's own account.
  { method: "GET", path: "/api/me", expected: signedIn(200) },
  {
    method: "PATCH",
    path: "/api/me",
    body: ({ caller }) => ({ name: caller.account?.name ?? "Nobody" }),
    expected: signedIn(200),
  },
  { method: "PUT", path: "/api/me/picture", raw: png, expected: signedIn(201) },
  {
    method: "POST",
    path: "/api/me/password",
    body: () => ({ currentPassword: ACCOUNT_PASSWORD, password: ACCOUNT_PASSWORD }),
    // Every other session of the account ends: the caller signs in again, with the password a
    // spoiled body may have changed put back first.
    restore: async (fill) => {
      if (fill.caller.account) await resetAccount(fill.caller.account);
      await signInAgain(fill);
    },
    expected: signedIn(200),
  },
  { method: "POST", path: "/api/logout", restore: signInAgain, expected: signedIn(200) },
  { method: "GET", path: "/api/me/export", expected: signedIn(200) },
  {
    method: "DELETE",
    path: "/api/me",
    body: () => ({ password: ACCOUNT_PASSWORD, removePosts: false }),
    // The account deleted is one made for the call, never the world's.
    prepare: throwawayAccount,
    token: ({ prepared }) => prepared.throwawayToken,
    expected: signedIn(200),
  },
  { method: "GET", path: "/api/me/schedule", expected: signedIn(200) },
  { method: "GET", path: "/api/me/calendar", expected: signedIn(200) },
  { method: "PUT", path: "/api/me/calendar", body: () => ({ alarmMinutes: 10 }), expected: signedIn(200) },
  // The subscription's secret URL is its credential: calendar apps send nothing else.
  {
    method: "GET",
    path: "/api/calendar/:file",
    params: ({ event }) => ({ file: event.calendarFile }),
    expected: same(200),
  },
  {
    method: "PATCH",
    path: "/api/speaker-data/:presentationId/my-schedule/:eventId",
    params: ({ event }) => ({ presentationId: event.talk, eventId: event.eventId }),
    body: ({ caller, event }) => ({ id: caller.account?.userId ?? event.accounts.attendee.userId }),
    expected: eventMembers(200),
  },
  {
    method: "DELETE",
    path: "/api/speaker-data/:presentationId/my-schedule/:eventId/:userId",
    params: ({ caller, event }) => ({
      presentationId: event.talk,
      eventId: event.eventId,
      userId: caller.account?.userId ?? event.accounts.attendee.userId,
    }),
    expected: eventMembers(200),
  },

  // Forum: read by whoever sees the event, written by its members, moderated by its moderators.
  {
    method: "GET",
    path: "/api/forum/:presentationId/posts",
    params: talk,
    expected: eventReaders(200),
  },
  {
    method: "POST",
    path: "/api/forum/:presentationId/posts",
    params: talk,
    body: () => ({ post: "Will the slides be online?" }),
    storedTexts: [["post"]],
    expected: eventMembers(201),
  },
  {
    method: "POST",
    path: "/api/forum/posts/:postId/replies",
    params: ({ event }) => ({ postId: event.post }),
    body: () => ({ reply: "Yes, after the talk." }),
    expected: eventMembers(201),
  },
  {
    method: "POST",
    path: "/api/forum/posts/:postId/like",
    params: ({ event }) => ({ postId: event.post }),
    expected: eventMembers(200),
  },
  {
    method: "DELETE",
    path: "/api/forum/posts/:postId/like",
    params: ({ event }) => ({ postId: event.post }),
    expected: eventMembers(200),
  },
  {
    method: "POST",
    path: "/api/forum/replies/:replyId/like",
    params: ({ event }) => ({ replyId: event.reply }),
    expected: eventMembers(200),
  },
  {
    method: "DELETE",
    path: "/api/forum/replies/:replyId/like",
    params: ({ event }) => ({ replyId: event.reply }),
    expected: eventMembers(200),
  },
  {
    method: "PATCH",
    path: "/api/forum/posts/:postId",
    params: ({ event }) => ({ postId: event.post }),
    body: () => ({ pinned: false }),
    // A spoiled body may still be a valid one that hides the post the reply rows need.
    restore: ({ event }) => event.restorePost(),
    expected: moderators(200),
  },
  {
    method: "DELETE",
    path: "/api/forum/posts/:postId",
    variant: "a post of the attendee",
    prepare: async ({ event }) => ({ post: await event.newPost() }),
    params: ({ prepared }) => ({ postId: Number(prepared.post) }),
    expected: { ...moderators(200), attendee: 200 },
  },
  {
    method: "DELETE",
    path: "/api/forum/replies/:replyId",
    variant: "a reply of the attendee",
    prepare: async ({ event }) => ({ reply: await event.newReply(await event.newPost()) }),
    params: ({ prepared }) => ({ replyId: Number(prepared.reply) }),
    expected: { ...moderators(200), attendee: 200 },
  },

  // Q&A: read by whoever reads the forum, asked and voted by members, moderated by moderators.
  {
    method: "GET",
    path: "/api/qa/:presentationId/questions",
    params: talk,
    expected: eventReaders(200),
  },
  {
    method: "POST",
    path: "/api/qa/:presentationId/questions",
    // Asks are limited per member and minute: each call starts from a fresh count.
    prepare: async () => {
      await env.DB.prepare("DELETE FROM rate_limits WHERE key LIKE 'qa-ask:%'").run();
      return {};
    },
    params: talk,
    body: () => ({ question: "Does this work offline?" }),
    storedTexts: [["question"]],
    expected: eventMembers(201),
  },
  {
    method: "POST",
    path: "/api/qa/questions/:questionId/vote",
    params: ({ event }) => ({ questionId: event.qaQuestion }),
    expected: eventMembers(200),
  },
  {
    method: "DELETE",
    path: "/api/qa/questions/:questionId/vote",
    params: ({ event }) => ({ questionId: event.qaQuestion }),
    expected: eventMembers(200),
  },
  {
    method: "PATCH",
    path: "/api/qa/questions/:questionId",
    prepare: async ({ event }) => ({ qaQuestion: await event.newQaQuestion() }),
    params: ({ prepared }) => ({ questionId: Number(prepared.qaQuestion) }),
    body: () => ({ status: "answered" }),
    // A spoiled id may be the world's question, which the vote rows need open and shown.
    restore: ({ event }) => event.restoreQa(),
    expected: moderators(200),
  },
  {
    method: "PUT",
    path: "/api/qa/questions/:questionId/text",
    // A fresh question of the attendee, without votes, and a fresh count of rewordings.
    prepare: async ({ event }) => {
      await env.DB.prepare("DELETE FROM rate_limits WHERE key LIKE 'qa-reword:%'").run();
      return { qaQuestion: await event.newQaQuestion() };
    },
    params: ({ prepared }) => ({ questionId: Number(prepared.qaQuestion) }),
    body: () => ({ question: "Does this work offline, too?" }),
    storedTexts: [["question"]],
    expected: { ...eventMembers(403), attendee: 200 },
  },
  {
    method: "PUT",
    path: "/api/qa/:presentationId/settings",
    params: talk,
    body: () => ({ requireApproval: true, allowAnonymous: true }),
    restore: ({ event }) => event.restoreQa(),
    expected: moderators(200),
  },
  {
    method: "PUT",
    path: "/api/qa/:presentationId/featured",
    params: talk,
    body: ({ event }) => ({ questionId: event.qaQuestion }),
    expected: moderators(200),
  },
  {
    method: "GET",
    path: "/api/qa/screen/:token",
    prepare: async ({ event }) => ({ screenToken: await event.screenToken() }),
    params: ({ prepared }) => ({ token: `${prepared.screenToken}` }),
    expected: same(200),
  },

  // Quiz: read by whoever sees the event, answered by its members, managed by its managers.
  {
    method: "GET",
    path: "/api/quiz/:presentationId/questions/public",
    params: talk,
    expected: eventReaders(200),
  },
  { method: "GET", path: "/api/quiz/:presentationId/status", params: talk, expected: eventReaders(200) },
  {
    method: "POST",
    path: "/api/quiz/:presentationId/join",
    params: liveTalk,
    body: ({ serial }) => ({ name: `Member ${serial}`, deviceId: `member-device-${serial}` }),
    expected: eventMembers(201),
  },
  {
    method: "POST",
    path: "/api/quiz/check-live",
    body: ({ event }) => ({ _id: event.talk }),
    expected: eventReaders(200),
  },
  { method: "GET", path: "/api/quiz/:presentationId/self-paced", params: talk, expected: eventMembers(200) },
  {
    method: "POST",
    path: "/api/quiz/:presentationId/answers",
    params: talk,
    // Each caller answers once: the refusals come first, so none of them answered for anyone.
    body: ({ event }) => ({
      questionId: event.questions[0]?.id,
      optionIds: correctAnswer(event.questions[0] as EventWorld["questions"][number]),
    }),
    expected: eventMembers(201),
  },
  // The results window is not open yet: only the quiz's managers read them.
  { method: "GET", path: "/api/quiz/:presentationId/results", params: talk, expected: quizManagers(200) },
  { method: "GET", path: "/api/quiz/:presentationId/leaderboard", params: talk, expected: quizManagers(200) },
  { method: "GET", path: "/api/quiz/:presentationId/results.csv", params: talk, expected: quizManagers(200) },

  // Talk feedback (issue 32): the world's events are dated 2019, so they have ended and a rating
  // is refused with 409 `feedback-closed`, after the roles (the talk's own speaker rates nothing, 403).
  { method: "GET", path: "/api/presentation/:presentationId/feedback", params: talk, expected: eventMembers(200) },
  {
    method: "PUT",
    path: "/api/presentation/:presentationId/feedback",
    params: talk,
    body: () => ({ rating: 4, comment: "Clear and useful" }),
    expected: { ...eventMembers(409), speaker: 403 },
  },
  {
    method: "GET",
    path: "/api/presentation/:presentationId/feedback/summary",
    params: talk,
    expected: quizManagers(200),
  },
  {
    method: "GET",
    path: "/api/feedback/:eventId/export.csv",
    params: ({ event }) => ({ eventId: event.eventId }),
    expected: moderators(200),
  },
  { method: "GET", path: "/api/quiz/:presentationId/questions", params: talk, expected: quizManagers(200) },
  {
    method: "PUT",
    path: "/api/quiz/:presentationId/questions",
    params: talk,
    // The saved questions again, with their ids: the save changes nothing for the next caller.
    body: ({ event }) => ({
      questions: [
        {
          id: event.questions[0]?.id,
          question: "Capital?",
          options: [
            { id: event.questions[0]?.options[0]?.id, option: "Paris", correct: true },
            { id: event.questions[0]?.options[1]?.id, option: "Lyon", correct: false },
          ],
        },
        {
          id: event.questions[1]?.id,
          question: "Liked it?",
          is_survey: true,
          options: [
            { id: event.questions[1]?.options[0]?.id, option: "Yes", correct: false },
            { id: event.questions[1]?.options[1]?.id, option: "No", correct: false },
          ],
        },
      ],
    }),
    expected: quizManagers(200),
  },
  { method: "GET", path: "/api/quiz/:presentationId/settings", params: talk, expected: quizManagers(200) },
  {
    method: "PUT",
    path: "/api/quiz/:presentationId/settings",
    params: talk,
    body: ({ event }) => event.settings,
    expected: quizManagers(200),
  },
  { method: "PUT", path: "/api/quiz/:presentationId/media/image", params: talk, raw: png, expected: quizManagers(201) },
  {
    method: "GET",
    path: "/api/files/*",
    params: ({ event }) => ({ "*": event.fileKey }),
    // A stored file's key is random and unlisted: whoever was given the URL may fetch it.
    expected: same(200),
  },

  // The live quiz.
  {
    method: "POST",
    path: "/api/quiz/get-code",
    body: ({ event }) => ({ _id: event.liveTalk }),
    expected: quizManagers(200),
  },
  {
    method: "POST",
    path: "/api/quiz/login",
    // As the join pages send it: the code with the event of the page it was typed on.
    body: ({ event, serial }) => ({
      code: event.joinCode,
      name: `Player ${serial}`,
      deviceId: `device-${serial}`,
      slug: event.slug,
    }),
    expected: eventReaders(201),
  },
  {
    method: "POST",
    path: "/api/quiz/get-question-result",
    body: ({ event }) => ({ _id: event.liveQuestions[0]?.id }),
    // The quiz is in its lobby: no result is shown yet, so none is read over HTTP (issue 11 §2).
    expected: eventReaders(403),
  },
  { method: "GET", path: "/api/quiz/:presentationId/events", params: liveTalk, expected: quizManagers(200) },
  // The big screen's read-only link: handed out and revoked by the quiz's managers, opened by
  // whoever holds it (the projector's computer, not signed in), even on a members-only event.
  { method: "GET", path: "/api/quiz/:presentationId/screen-link", params: liveTalk, expected: quizManagers(200) },
  {
    method: "POST",
    path: "/api/quiz/:presentationId/screen-link/revoke",
    params: liveTalk,
    expected: quizManagers(200),
  },
  {
    method: "GET",
    path: "/api/quiz/screen/:token",
    prepare: async ({ event }) => ({ screenToken: await event.screenToken() }),
    params: ({ prepared }) => ({ token: `${prepared.screenToken}` }),
    expected: same(200),
  },
  {
    method: "POST",
    path: "/api/quiz/:presentationId/reset",
    params: liveTalk,
    // The quiz is in its lobby: there is no run yet to run again. Were one run (a spoiled call of
    // the properties), its new join code is the one the world's player joins.
    restore: async ({ event }, answer) => event.rejoin((answer as { code: string }).code),
    expected: quizManagers(409),
  },
  {
    method: "POST",
    path: "/api/quiz/get-user-action",
    variant: "with the caller's session",
    body: ({ event }) => ({ _id: event.liveTalk }),
    // An account's session is not a player's quiz token.
    expected: same(401),
  },
  {
    method: "POST",
    path: "/api/quiz/get-user-action",
    variant: "with the player's quiz token",
    token: ({ event }) => event.playerToken,
    body: ({ event }) => ({ _id: event.liveTalk }),
    expected: same(200),
  },
  {
    method: "POST",
    path: "/api/quiz/submit-answer",
    variant: "with the caller's session",
    body: liveAnswer,
    expected: same(401),
  },
  {
    method: "POST",
    path: "/api/quiz/submit-answer",
    variant: "with the player's quiz token, quiz in its lobby",
    token: ({ event }) => event.playerToken,
    body: liveAnswer,
    expected: same(409),
  },

  // Operators only: the admin token, which no session is.
  {
    method: "PUT",
    path: "/api/admin/events/:slug/schedule",
    params: ({ event }) => ({ slug: event.slug }),
    body: () => frab,
    expected: { ...same(403), anonymous: 401, visitor: 401 },
  },
  {
    method: "PUT",
    path: "/api/admin/events/:slug/members",
    params: ({ event }) => ({ slug: event.slug }),
    body: () => ({ email: "intruder@example.org", name: "Intruder", password: ACCOUNT_PASSWORD, isModerator: true }),
    expected: { ...same(403), anonymous: 401, visitor: 401 },
  },
  { method: "GET", path: "/api/admin/processors", expected: { ...same(403), anonymous: 401, visitor: 401 } },
  {
    method: "GET",
    path: "/api/admin/client-errors",
    query: () => ({ limit: "10" }),
    expected: { ...same(403), anonymous: 401, visitor: 401 },
  },
  {
    method: "GET",
    path: "/api/admin/mail",
    query: () => ({ status: "sent", limit: "10" }),
    expected: { ...same(403), anonymous: 401, visitor: 401 },
  },
  // Backups (docs/operations.md#backups): the admin token only, as the rest of the admin API.
  {
    method: "GET",
    path: "/api/admin/events/:slug/archive",
    params: ({ event }) => ({ slug: event.slug }),
    expected: { ...same(403), anonymous: 401, visitor: 401 },
  },
  {
    method: "POST",
    path: "/api/admin/archive",
    body: ({ serial }) => minimalArchive(`archive-row-${serial}`),
    expected: { ...same(403), anonymous: 401, visitor: 401 },
  },
  {
    method: "GET",
    path: "/api/admin/events/:slug/archive/files",
    params: ({ event }) => ({ slug: event.slug }),
    query: ({ event }) => ({ key: event.fileKey }),
    expected: { ...same(403), anonymous: 401, visitor: 401 },
  },
  {
    method: "PUT",
    path: "/api/admin/events/:slug/archive/files",
    params: ({ event }) => ({ slug: event.slug }),
    query: ({ event }) => ({ key: event.fileKey }),
    raw: png,
    expected: { ...same(403), anonymous: 401, visitor: 401 },
  },
  {
    method: "GET",
    path: "/api/dev/mailbox",
    query: ({ event }) => ({ to: event.accounts.attendee.email }),
    // Only a development server has the mailbox (issue 11: a reset token for anyone otherwise).
    expected: same(env.ENVIRONMENT === "development" ? 200 : 404),
  },

  // A talk's video versions (docs/versions.md): its speaker writes, its speaker and the moderators read.
  { method: "GET", path: "/api/speaker-data/presentation/:presentationId", params: talk, expected: quizManagers(200) },
  {
    method: "PATCH",
    path: "/api/speaker-data/:presentationId/versions",
    params: talk,
    prepare: freshVideoUpload,
    body: ({ prepared }) => ({ option: "two", video: { id: prepared.videoUploadId } }),
    storedTexts: [["fileName"]],
    expected: talkSpeaker(200),
  },
  {
    method: "PATCH",
    path: "/api/speaker-data/:presentationId/version/:versionId/online-status",
    prepare: async (fill) => {
      await allOffline(fill.event.talk);
      return freshVersion(fill);
    },
    params: versionParams,
    body: () => ({ online: true }),
    expected: talkSpeaker(200),
  },
  {
    method: "DELETE",
    path: "/api/speaker-data/:presentationId/version/:versionId",
    prepare: freshVersion,
    params: versionParams,
    expected: talkSpeaker(200),
  },
  // Live streams (docs/recording-and-live.md): members of the event; an attendee reaches the talk's
  // live room on its own day only (the world's talk is in 2019), its speaker and moderators any day.
  {
    method: "GET",
    path: "/api/visio/room/:roomId",
    prepare: talkRoom,
    params: ({ prepared }) => ({ roomId: `${prepared.roomId}` }),
    expected: eventMembers(200),
  },
  {
    method: "GET",
    path: "/api/visio/presentation/:presentationId",
    params: talk,
    expected: quizManagers(200),
  },
  // The test screen's network check: any signed-in member, bounded sizes.
  { method: "GET", path: "/api/network-check/ping", expected: signedIn(200) },
  {
    method: "GET",
    path: "/api/network-check/download",
    query: () => ({ bytes: "1024" }),
    expected: signedIn(200),
  },
  {
    method: "POST",
    path: "/api/network-check/upload",
    raw: () => ({ body: new Uint8Array(2048), type: "application/octet-stream" }),
    expected: signedIn(200),
  },
  {
    method: "PATCH",
    path: "/api/speaker-data/update-version",
    prepare: async (fill) => ({ ...(await freshVersion(fill)), ...(await freshVideoUpload(fill)) }),
    body: ({ event, prepared }) => ({
      versionId: prepared.versionId,
      presentationId: event.talk,
      webcam: { id: prepared.videoUploadId },
    }),
    expected: talkSpeaker(200),
  },
  {
    method: "GET",
    path: "/api/speaker-data/video-details/:presentationId/video/:versionId",
    prepare: freshVersion,
    params: versionParams,
    expected: quizManagers(200),
  },
  // The chapter editor (docs/chapter-editor.md): the talk's own speaker only.
  {
    method: "GET",
    path: "/api/presentation/asspeaker/:presentationId/version/:versionId/chapter-edit",
    prepare: freshVersion,
    params: versionParams,
    expected: talkSpeaker(200),
  },
  {
    method: "PATCH",
    path: "/api/presentation/asspeaker/:presentationId/version/:versionId/chapter-edit-update",
    prepare: freshVersion,
    params: versionParams,
    body: ({ prepared }) => ({
      thumbnails: [
        { id: `/api/files/versions/${prepared.versionId}/chapters/001.jpg`, time: 0, title: "Intro", width: 540 },
        { id: `/api/files/versions/${prepared.versionId}/chapters/001.jpg`, time: 30_000, title: "Demo", width: 1080 },
      ],
      date: "2026-11-25T20:00:00.000Z",
      revision: 0,
    }),
    storedTexts: [
      ["thumbnails", 1, "title"],
      ["thumbnails", 1, "description"],
    ],
    expected: talkSpeaker(200),
  },

  // Resumable uploads (tus, docs/uploads.md): a talk's files by its speaker, then only by their uploader.
  { method: "OPTIONS", path: "/api/uploads", expected: same(204) },
  {
    method: "POST",
    path: "/api/uploads",
    headers: ({ event }) => videoCreation(event),
    expected: talkSpeaker(201),
  },
  {
    method: "POST",
    path: "/api/uploads",
    variant: "a quiz question's video (kind quiz-video)",
    headers: ({ event }) => quizVideoCreation(event),
    // A quiz question's video: whoever manages the talk's quiz.
    expected: quizManagers(201),
  },
  {
    method: "GET",
    path: "/api/uploads/:uploadId",
    prepare: freshTusUpload,
    params: tusUpload,
    headers: () => TUS_HEADERS,
    expected: uploader(200),
  },
  {
    method: "PATCH",
    path: "/api/uploads/:uploadId",
    prepare: freshTusUpload,
    params: tusUpload,
    headers: () => ({ ...TUS_HEADERS, "upload-offset": "0" }),
    raw: () => ({ body: MP4_HEAD, type: "application/offset+octet-stream" }),
    expected: uploader(204),
  },
  {
    method: "DELETE",
    path: "/api/uploads/:uploadId",
    prepare: freshTusUpload,
    params: tusUpload,
    headers: () => TUS_HEADERS,
    expected: uploader(204),
  },
  // The uploader's own session of another event is refused like none (issue 28): an upload is of one event.
  {
    method: "GET",
    path: "/api/uploads/:uploadId",
    variant: "with its uploader's token of another event",
    prepare: tusUploadAndElsewhereToken,
    params: tusUpload,
    token: elsewhereToken,
    headers: () => TUS_HEADERS,
    expected: same(401),
  },
  {
    method: "PATCH",
    path: "/api/uploads/:uploadId",
    variant: "with its uploader's token of another event",
    prepare: tusUploadAndElsewhereToken,
    params: tusUpload,
    token: elsewhereToken,
    headers: () => ({ ...TUS_HEADERS, "upload-offset": "0" }),
    raw: () => ({ body: MP4_HEAD, type: "application/offset+octet-stream" }),
    expected: same(401),
  },
  {
    method: "DELETE",
    path: "/api/uploads/:uploadId",
    variant: "with its uploader's token of another event",
    prepare: tusUploadAndElsewhereToken,
    params: tusUpload,
    token: elsewhereToken,
    headers: () => TUS_HEADERS,
    expected: same(401),
  },

  {
    method: "PUT",
    path: "/api/dev/upload-baseline",
    raw: () => ({ body: MP4_HEAD, type: "application/octet-stream" }),
    // The upload benchmark's baseline: only a development server has it, and only for a session.
    expected: env.ENVIRONMENT === "development" ? signedIn(200) : same(404),
  },

  // Media processors only: the processor token, which no session is (docs/processor.md).
  {
    method: "POST",
    path: "/api/processing/lease",
    variant: "with the caller's session",
    body: () => ({ processorId: "matrix" }),
    expected: same(401),
  },
  {
    method: "POST",
    path: "/api/processing/lease",
    variant: "with the processor token",
    token: processorToken,
    prepare: async ({ event }) => {
      await queueVersion(event.talk);
      return {};
    },
    body: () => ({ processorId: "matrix" }),
    expected: same(200),
  },
  ...jobRows("lease holder"),
  // Every call on a job needs its current lease: a second processor, with the same token but no
  // lease on the job, reads and writes nothing of it.
  ...jobRows("second processor"),

  // Rooms: every way in is checked by worker/rooms/authorize-connection.ts before the room.
  {
    method: "GET",
    path: "/parties/quiz-room/:presentationId",
    variant: "big screen",
    upgrade: true,
    params: liveTalk,
    query: () => ({ role: "screen" }),
    expected: eventReaders(101),
  },
  {
    method: "GET",
    path: "/parties/quiz-room/:presentationId",
    variant: "moderator",
    upgrade: true,
    params: liveTalk,
    query: () => ({ role: "moderator" }),
    expected: quizManagers(101),
  },
  {
    method: "GET",
    path: "/parties/quiz-room/:presentationId",
    variant: "player with the caller's session",
    upgrade: true,
    params: liveTalk,
    query: () => ({ role: "player" }),
    expected: same(401),
  },
  {
    method: "GET",
    path: "/parties/quiz-room/:presentationId",
    variant: "player with the player's quiz token",
    upgrade: true,
    params: liveTalk,
    query: () => ({ role: "player" }),
    token: ({ event }) => event.playerToken,
    expected: same(101),
  },
  {
    method: "POST",
    path: "/parties/quiz-room/:presentationId",
    variant: "a moderator's command over HTTP",
    params: liveTalk,
    // Leaving the podium when none shows changes nothing: the same answer for every caller let in.
    body: () => ({ action: "back" }),
    expected: quizManagers(200),
  },
  // A sharded quiz's relay rooms (docs/scale.md) take players' sockets only as the Worker forwards
  // them from the quiz's room: their names (`<presentationId>:<n>`) are no room name a client may ask for.
  {
    method: "GET",
    path: "/parties/quiz-relay-room/:relay",
    variant: "player with the player's quiz token",
    upgrade: true,
    params: ({ event }) => ({ relay: `${event.liveTalk}:0` }),
    query: () => ({ role: "player" }),
    token: ({ event }) => event.playerToken,
    expected: same(404),
  },
  {
    method: "GET",
    path: "/parties/forum-room/:presentationId",
    upgrade: true,
    params: talk,
    expected: eventReaders(101),
  },
  {
    method: "GET",
    path: "/parties/version-stream-room/:presentationId",
    upgrade: true,
    params: talk,
    expected: quizManagers(101),
  },
  {
    method: "GET",
    path: "/parties/quiz-activity-room/:eventId",
    upgrade: true,
    params: ({ event }) => ({ eventId: event.eventId }),
    expected: eventReaders(101),
  },
];

/** `METHOD /path` of a route of `app.routes` or of a row. */
export const routeKey = (method: string, path: string) => `${method} ${path}`;

export const rowName = (row: RouteRow) =>
  `${row.upgrade ? "WS" : row.method} ${row.path}${row.variant ? ` (${row.variant})` : ""}`;
