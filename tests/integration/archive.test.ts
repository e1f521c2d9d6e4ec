/**
 * Backups (docs/operations.md#backups): an event exported through the admin API and restored into
 * an instance without it comes back whole, every table's rows and the quiz rooms' logs; a restore
 * that cannot be whole writes nothing.
 */
import { env, SELF } from "cloudflare:test";
import type { EventArchive } from "@core/archive/format";
import { replay } from "@core/quiz/evolve";
import { leaderboard } from "@core/quiz/selectors";
import { beforeAll, describe, expect, it } from "vitest";
import { call } from "./account-client";
import { ADMIN_TOKEN } from "./admin-client";
import { canonicalTables, exportArchive, minimalArchive, postArchive } from "./archive-client";
import { databaseDigest } from "./database-digest";
import { answerLive, eventually, joinLiveQuiz, roomCommand } from "./live-quiz-client";
import { processing } from "./processing-client";
import { ACCOUNT_PASSWORD, buildEventWorld, type EventWorld, PNG_BYTES } from "./route-world";
import { answer, selfPaced } from "./self-paced-client";
import { processedVersion } from "./version-client";

const SLUG = "archive-source";

let world: EventWorld;
let archive: EventArchive;
let files: Map<string, ArrayBuffer>;

async function expectOk(what: string, response: Promise<{ status: number; body: unknown }>, status = 200) {
  const result = await response;
  if (result.status !== status) throw new Error(`${what}: ${result.status} ${JSON.stringify(result.body)}`);
  return result;
}

/** A finished live run of two players, self-paced answers, likes, a bookmark and a processed version. */
async function richEvent() {
  world = await buildEventWorld(SLUG, {});
  const { moderator, attendee, speaker } = world.accounts;
  await expectOk("post like", call("POST", `/api/forum/posts/${world.post}/like`, { token: speaker.token }));
  await expectOk("reply like", call("POST", `/api/forum/replies/${world.reply}/like`, { token: moderator.token }));
  await env.DB.prepare("INSERT INTO my_schedule (user_id, presentation_id) VALUES (?, ?), (?, ?)")
    .bind(attendee.userId, world.talk, speaker.userId, world.liveTalk)
    .run();

  const [capital] = world.questions;
  if (!capital) throw new Error("no question");
  await selfPaced(attendee.token, world.talk);
  const correct = capital.options.filter((option) => option.correct).map((option) => option.id);
  await expectOk(
    "self-paced answer",
    answer(attendee.token, world.talk, { questionId: capital.id, optionIds: correct }),
    201,
  );

  const bob = await joinLiveQuiz(moderator.token, world.liveTalk, "Bob");
  const [live] = world.liveQuestions;
  if (!live) throw new Error("no live question");
  await roomCommand(moderator.token, world.liveTalk, "start_quiz");
  await answerLive(
    world.playerToken,
    world.liveTalk,
    live.id,
    live.options.filter((o) => o.correct).map((o) => o.id),
  );
  await answerLive(
    bob,
    world.liveTalk,
    live.id,
    live.options.filter((o) => !o.correct).map((o) => o.id),
  );
  await roomCommand(moderator.token, world.liveTalk, "show_result");
  await roomCommand(moderator.token, world.liveTalk, "final");
  const results = () =>
    env.DB.prepare("SELECT group_concat(name) AS names FROM quiz_results WHERE presentation_id = ?")
      .bind(world.liveTalk)
      .first<{ names: string | null }>();
  await eventually(results, (row) => row?.names?.split(",").length === 2);
  await eventually(
    () =>
      env.DB.prepare("SELECT status FROM quiz_sessions WHERE presentation_id = ?")
        .bind(world.liveTalk)
        .first<{ status: string }>(),
    (row) => row?.status === "finished",
  );
  // A second run: the first run's nicknames leave the database, its events stay in the room's log.
  await expectOk("reset", call("POST", `/api/quiz/${world.liveTalk}/reset`, { token: moderator.token }));
  const carol = await joinLiveQuiz(moderator.token, world.liveTalk, "Carol");
  await roomCommand(moderator.token, world.liveTalk, "start_quiz");
  await answerLive(
    carol,
    world.liveTalk,
    live.id,
    live.options.filter((o) => o.correct).map((o) => o.id),
  );
  await roomCommand(moderator.token, world.liveTalk, "final");
  await eventually(results, (row) => row?.names === "Carol");
  await processedVersion({ userId: speaker.userId, eventId: world.eventId, presentationId: world.talk });
  // Files under folders named by ids: a question's image (quiz/{presentationId}/) and a profile
  // picture (pictures/users/{userId}/), which move with their new ids.
  await env.DB.prepare("UPDATE quiz_questions SET image = ? WHERE id = ?")
    .bind(`/api/files/${world.fileKey}`, capital.id)
    .run();
  const pictureKey = `pictures/users/${attendee.userId}/face.png`;
  await env.FILES.put(pictureKey, PNG_BYTES, { httpMetadata: { contentType: "image/png" } });
  await env.DB.prepare("UPDATE users SET picture = ? WHERE id = ?")
    .bind(`/api/files/${pictureKey}`, attendee.userId)
    .run();
}

/** Takes the event out of this instance, as if the archive were restored into one that never had it. */
async function emptyInstance(exported: EventArchive) {
  const userIds = (exported.tables.users ?? []).map((row) => Number(row.id));
  const versionIds = (exported.tables.versions ?? []).map((row) => String(row.id));
  await env.DB.prepare("DELETE FROM events WHERE slug = ?").bind(SLUG).run();
  await env.DB.prepare(`DELETE FROM users WHERE id IN (${userIds.map(() => "?").join(", ")})`)
    .bind(...userIds)
    .run();
  await env.DB.prepare(`DELETE FROM retired_version_ids WHERE id IN (${versionIds.map(() => "?").join(", ")})`)
    .bind(...versionIds)
    .run();
  for (const key of exported.files) await env.FILES.delete(key);
}

type QuizLog = EventArchive["quizLogs"][string];

const replayedLeaderboard = (log: QuizLog | undefined) =>
  leaderboard(replay((log ?? []) as Parameters<typeof replay>[0])).map(({ rank, name, points, totalTimeMs }) => ({
    rank,
    name,
    points,
    totalTimeMs,
  }));

/** Each run's leaderboard: the log replayed up to each `quiz_reset`, then to its end. */
function runLeaderboards(log: QuizLog | undefined) {
  const events = log ?? [];
  const ends = [...events.flatMap((event, index) => (event.type === "quiz_reset" ? [index] : [])), events.length];
  return ends.map((end) => replayedLeaderboard(events.slice(0, end)));
}

const fileUrl = (slug: string, key: string) =>
  `http://localhost/api/admin/events/${slug}/archive/files?key=${encodeURIComponent(key)}`;

beforeAll(async () => {
  await richEvent();
  archive = await exportArchive(SLUG);
  files = new Map();
  for (const key of archive.files) {
    const response = await SELF.fetch(fileUrl(SLUG, key), { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
    expect(response.status).toBe(200);
    files.set(key, await response.arrayBuffer());
  }
});

describe("an event's archive", () => {
  it("holds every kind of row of the event, the live run's log and its files' keys", () => {
    for (const table of [
      "events",
      "rooms",
      "speakers",
      "presentations",
      "presentation_speakers",
      "users",
      "event_members",
      "my_schedule",
      "forum_posts",
      "forum_replies",
      "forum_post_likes",
      "forum_reply_likes",
      "quiz_questions",
      "quiz_options",
      "quiz_sessions",
      "quiz_players",
      "quiz_answers",
      "quiz_question_views",
      "quiz_results",
      "versions",
      "version_thumbnails",
      "processing_jobs",
      "uploads",
    ]) {
      expect(archive.tables[table]?.length, table).toBeGreaterThan(0);
    }
    expect(archive.tables.quiz_answers?.map((row) => row.mode).sort()).toEqual(["live", "self"]);
    expect(Object.keys(archive.quizLogs)).toEqual([String(world.liveTalk)]);
    expect(
      runLeaderboards(archive.quizLogs[String(world.liveTalk)]).map((board) => board.map((entry) => entry.name)),
    ).toEqual([["World player", "Bob"], ["Carol"]]);
    expect(archive.files).toContain(world.fileKey);
    expect(archive.files.some((key) => key.startsWith("pictures/users/"))).toBe(true);
    expect(archive.files.some((key) => key.startsWith("versions/"))).toBe(true);
  });
});

describe("restoring an archive into an instance without its event", () => {
  let restoredArchive: EventArchive;
  let report: { eventId: number; files: string[]; quizLogs: Record<string, number> };

  beforeAll(async () => {
    await emptyInstance(archive);
    const restored = await postArchive(archive);
    expect(restored.status, JSON.stringify(restored.body)).toBe(201);
    report = restored.body.data;
    for (const key of report.files) {
      const original = archive.files[report.files.indexOf(key)] as string;
      const put = await SELF.fetch(fileUrl(SLUG, key), {
        method: "PUT",
        headers: { authorization: `Bearer ${ADMIN_TOKEN}`, "content-type": "application/octet-stream" },
        body: files.get(original),
      });
      expect(put.status).toBe(200);
    }
    restoredArchive = await exportArchive(SLUG);
  });

  it("gives the rows new ids, and files under id-named folders new keys", () => {
    expect(report.eventId).not.toBe(world.eventId);
    expect(Object.keys(report.quizLogs)).not.toContain(String(world.liveTalk));
    expect(report.files).not.toContain(world.fileKey);
    expect(report.files.filter((key) => key.startsWith("versions/"))).toEqual(
      archive.files.filter((key) => key.startsWith("versions/")),
    );
  });

  it("loses nothing: every table's rows are those exported, ids aside", () => {
    expect(canonicalTables(restoredArchive)).toEqual(canonicalTables(archive));
  });

  it("replays the restored log to the same leaderboard, run by run, and the room serves it", async () => {
    const [restoredTalk] = Object.keys(restoredArchive.quizLogs);
    expect(restoredArchive.quizLogs[restoredTalk as string]?.length).toBe(
      archive.quizLogs[String(world.liveTalk)]?.length,
    );
    const restoredLog = restoredArchive.quizLogs[restoredTalk as string];
    expect(runLeaderboards(restoredLog)).toEqual(runLeaderboards(archive.quizLogs[String(world.liveTalk)]));
    // The first run's players, whose rows the rerun removed, keep keys apart from the second run's.
    const joined = (restoredLog ?? []).filter((event) => event.type === "player_joined");
    expect(joined.map((event) => (event.data as { playerId: string }).playerId)).toEqual([
      expect.stringMatching(/^archived-p\d+$/),
      expect.stringMatching(/^archived-p\d+$/),
      expect.stringMatching(/^p\d+$/),
    ]);
  });

  it("restores the accounts with their passwords and the files with their bytes", async () => {
    const login = await call("POST", `/api/event-engagement/${SLUG}/user-login`, {
      body: { email: world.accounts.moderator.email, password: ACCOUNT_PASSWORD },
    });
    expect(login.status).toBe(200);
    for (const [index, key] of report.files.entries()) {
      const object = await env.FILES.get(key);
      expect(new Uint8Array((await object?.arrayBuffer()) ?? new ArrayBuffer(0))).toEqual(
        new Uint8Array(files.get(archive.files[index] as string) ?? new ArrayBuffer(1)),
      );
    }
  });

  it("searches the restored talk in its new event: by its details, and by its slides once processed again", async () => {
    const name = archive.tables.presentations?.find((row) => row.id === world.talk)?.name;
    const version = archive.tables.versions?.find((row) => row.presentation_id === world.talk);
    const talk = await env.DB.prepare("SELECT id FROM presentations WHERE event_id = ? AND name = ?")
      .bind(report.eventId, name)
      .first<{ id: number }>();
    if (!talk || !version) throw new Error("no restored talk or version");
    const search = async (text: string) =>
      (await call("GET", `/api/presentation/slide-search?slug=${SLUG}&search=${text}`)).body.data;
    // The slides' text is left out of an archive (operations.md#what-is-not): the talk's details find it.
    expect(await search("threat")).toEqual({
      hits: [{ presentationId: talk.id, page: null, second: null }],
      complete: true,
    });
    // Processed again, its pages are written under the restored event (the version keeps its id,
    // its talk and event are new) and the index finds them there.
    const job = await env.DB.prepare(
      `INSERT INTO processing_jobs (version_id, status, lease_owner, lease_expires_at, attempts, updated_at)
       VALUES (?, 'leased', 'restored', ?, 1, ?) RETURNING id`,
    )
      .bind(version.id, Date.now() + 60_000, Date.now())
      .first<{ id: number }>();
    const completed = await processing("POST", `/jobs/${job?.id}/complete`, {
      body: {
        processorId: "restored",
        durationMs: 90_000,
        pageCount: 2,
        pdf: null,
        video: null,
        webcam: null,
        chapters: [],
        pages: [{ page: 2, text: "Modèles de menaces restaurés", seconds: [30] }],
      },
    });
    expect(completed.status, JSON.stringify(completed.body)).toBe(204);
    await env.DB.batch([
      env.DB.prepare("UPDATE versions SET online = 1 WHERE id = ?").bind(version.id),
      env.DB.prepare("UPDATE events SET revision = revision + 1 WHERE id = ?").bind(report.eventId),
    ]);
    const pages = await env.DB.prepare("SELECT event_id AS eventId FROM slide_pages WHERE version_id = ?")
      .bind(version.id)
      .all<{ eventId: number }>();
    expect(pages.results).toEqual([{ eventId: report.eventId }]);
    expect(await search("restaures")).toEqual({
      hits: [{ presentationId: talk.id, page: 2, second: 30 }],
      complete: true,
    });
  });

  it("refuses the same archive again, the slug being taken, and changes nothing", async () => {
    const before = await databaseDigest();
    const again = await postArchive(archive, "en");
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe("event-exists");
    expect(again.body.error.message).toMatch(/already exists/);
    expect(await databaseDigest()).toEqual(before);
  });
});

describe("a bad archive", () => {
  it("of another version is refused in the caller's language, nothing written", async () => {
    const before = await databaseDigest();
    const refused = await postArchive({ ...minimalArchive("archive-v2"), version: 2 });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe("archive-unsupported");
    expect(refused.body.error.issues).toEqual([{ path: "body.version", message: expect.stringMatching(/version 2/) }]);
    expect(refused.body.error.issues[0].message).toMatch(/n'est pas lue/);
    expect(await databaseDigest()).toEqual(before);
  });

  it("with a reference to a row it lacks is refused naming it, nothing written", async () => {
    const before = await databaseDigest();
    const broken = structuredClone(archive);
    broken.slug = "archive-dangling";
    (broken.tables.events?.[0] as Record<string, unknown>).slug = "archive-dangling";
    broken.tables.forum_posts = (broken.tables.forum_posts ?? []).map((row) => ({ ...row, user_id: 999_999 }));
    for (const row of broken.tables.versions ?? []) row.id = `${row.id}0`;
    broken.tables.uploads = [];
    const refused = await postArchive(broken, "en");
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.error.issues[0].path).toBe("body.tables.forum_posts.0.user_id");
    expect(await databaseDigest()).toEqual(before);
  });

  it("with a malformed row, an unknown table or a gap in a log is refused with every issue", async () => {
    const broken = minimalArchive("archive-malformed") as unknown as Record<string, any>;
    broken.tables.events[0].name = 42;
    broken.tables.events[1] = { ...broken.tables.events[0] };
    broken.tables.mystery = [{}];
    broken.quizLogs = { "1": [{ seq: 2, at: 0, type: "quiz_started", data: {} }] };
    const refused = await postArchive(broken, "en");
    expect(refused.status).toBe(400);
    expect(refused.body.error.issues.map((issue: { path: string }) => issue.path)).toEqual([
      "body.tables.events.0.name",
      "body.tables.events.1.id",
      "body.tables.events.1.name",
      "body.tables.mystery",
      "body.tables.events",
      "body.quizLogs.1",
      "body.quizLogs.1.0.seq",
    ]);
    expect((await postArchive("{not json", "en")).status).toBe(400);
    expect((await postArchive({ format: "zip" }, "en")).status).toBe(400);
  });

  it("over the size limit is refused before it is read", async () => {
    const response = await SELF.fetch("http://localhost/api/admin/archive", {
      method: "POST",
      headers: {
        authorization: `Bearer ${ADMIN_TOKEN}`,
        "content-type": "application/json",
        "content-length": String(64 * 1024 * 1024),
      },
      body: "{}",
    });
    expect(response.status).toBe(413);
  });

  it("the smallest archive restores an empty event", async () => {
    const restored = await postArchive(minimalArchive("archive-minimal"));
    expect(restored.status).toBe(201);
    const schedule = await call("GET", "/api/public/schedule-basic/archive-minimal");
    expect(schedule.status).toBe(200);
  });
});
