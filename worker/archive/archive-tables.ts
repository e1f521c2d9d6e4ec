/**
 * What an event archive holds (docs/operations.md#backups), table by table: which rows belong to
 * the event, which columns name another row (and so get that row's new id on restore) and which
 * name a file. Tables appear in an order where every row comes after the rows it names.
 */
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import * as schema from "../db/schema";

/** The kinds of rows whose ids a restore gives anew (SQL table names). */
export type RemappedTable =
  | "events"
  | "rooms"
  | "speakers"
  | "associations"
  | "presentation_types"
  | "presentation_colors"
  | "presentations"
  | "users"
  | "forum_posts"
  | "forum_replies"
  | "talk_questions"
  | "quiz_questions"
  | "quiz_options"
  | "quiz_players"
  | "quiz_answers"
  | "version_thumbnails"
  | "processing_jobs";

export interface ArchiveTable {
  table: SQLiteTable;
  /** Rows of the event: a condition on the table where `?1` is the event's id. */
  scope: string;
  /** The table's `id` is given anew on restore; otherwise rows keep their key. */
  newIds?: boolean;
  /** Columns naming a row of a remapped table. */
  references?: Record<string, RemappedTable>;
  /** Columns holding an R2 key or a `/api/files/` URL. */
  files?: string[];
}

const PRESENTATIONS = "(SELECT id FROM presentations WHERE event_id = ?1)";
const POSTS = `(SELECT id FROM forum_posts WHERE presentation_id IN ${PRESENTATIONS})`;
const QUESTIONS = `(SELECT id FROM quiz_questions WHERE presentation_id IN ${PRESENTATIONS})`;
const TALK_QUESTIONS = `(SELECT id FROM talk_questions WHERE presentation_id IN ${PRESENTATIONS})`;
const VERSIONS = `(SELECT id FROM versions WHERE presentation_id IN ${PRESENTATIONS})`;
const SELF_PACED_USERS = (table: string) =>
  `SELECT CAST(substr(player_key, 6) AS INTEGER) FROM ${table} WHERE player_key LIKE 'user:%' AND presentation_id IN ${PRESENTATIONS}`;
/**
 * Everyone the event's rows name: members, authors, likers, players, bookmarkers, uploaders. One
 * `IN` per source rather than a UNION: D1 caps the terms of a compound SELECT.
 */
const USERS = [
  "SELECT user_id FROM event_members WHERE event_id = ?1",
  `SELECT user_id FROM forum_posts WHERE presentation_id IN ${PRESENTATIONS}`,
  `SELECT user_id FROM forum_replies WHERE post_id IN ${POSTS}`,
  `SELECT user_id FROM forum_post_likes WHERE post_id IN ${POSTS}`,
  `SELECT user_id FROM forum_reply_likes WHERE reply_id IN (SELECT id FROM forum_replies WHERE post_id IN ${POSTS})`,
  `SELECT user_id FROM my_schedule WHERE presentation_id IN ${PRESENTATIONS}`,
  `SELECT user_id FROM talk_feedback WHERE presentation_id IN ${PRESENTATIONS}`,
  `SELECT user_id FROM talk_questions WHERE presentation_id IN ${PRESENTATIONS}`,
  `SELECT user_id FROM talk_question_votes WHERE question_id IN ${TALK_QUESTIONS}`,
  `SELECT user_id FROM quiz_players WHERE presentation_id IN ${PRESENTATIONS}`,
  `SELECT user_id FROM quiz_question_views WHERE presentation_id IN ${PRESENTATIONS}`,
  "SELECT owner_user_id FROM uploads WHERE event_id = ?1 AND status = 'complete'",
  SELF_PACED_USERS("quiz_answers"),
  SELF_PACED_USERS("quiz_results"),
]
  .map((source) => `id IN (${source})`)
  .join(" OR ");

const inEvent = { event_id: "events" } as const;

export const ARCHIVE_TABLES: readonly ArchiveTable[] = [
  { table: schema.events, scope: "id = ?1", newIds: true, files: ["logo"] },
  { table: schema.rooms, scope: "event_id = ?1", newIds: true, references: inEvent },
  { table: schema.speakers, scope: "event_id = ?1", newIds: true, references: inEvent, files: ["picture"] },
  { table: schema.associations, scope: "event_id = ?1", newIds: true, references: inEvent, files: ["logo"] },
  { table: schema.presentationTypes, scope: "event_id = ?1", newIds: true, references: inEvent },
  { table: schema.presentationColors, scope: "event_id = ?1", newIds: true, references: inEvent },
  {
    table: schema.presentations,
    scope: "event_id = ?1",
    newIds: true,
    references: {
      ...inEvent,
      room_id: "rooms",
      speaker_id: "speakers",
      type_id: "presentation_types",
      color_id: "presentation_colors",
      association_id: "associations",
    },
  },
  {
    table: schema.presentationSpeakers,
    scope: `presentation_id IN ${PRESENTATIONS}`,
    references: { presentation_id: "presentations", speaker_id: "speakers" },
  },
  { table: schema.users, scope: USERS, newIds: true, files: ["picture"] },
  {
    table: schema.eventMembers,
    scope: "event_id = ?1",
    references: { ...inEvent, user_id: "users", speaker_id: "speakers", association_id: "associations" },
  },
  {
    table: schema.mySchedule,
    scope: `presentation_id IN ${PRESENTATIONS}`,
    references: { user_id: "users", presentation_id: "presentations" },
  },
  {
    table: schema.talkFeedback,
    scope: `presentation_id IN ${PRESENTATIONS}`,
    references: { user_id: "users", presentation_id: "presentations" },
  },
  {
    table: schema.talkQuestions,
    scope: `presentation_id IN ${PRESENTATIONS}`,
    newIds: true,
    references: { presentation_id: "presentations", user_id: "users" },
  },
  {
    table: schema.talkQuestionVotes,
    scope: `question_id IN ${TALK_QUESTIONS}`,
    references: { question_id: "talk_questions", user_id: "users" },
  },
  {
    table: schema.talkQaSettings,
    scope: `presentation_id IN ${PRESENTATIONS}`,
    references: { presentation_id: "presentations", featured_question_id: "talk_questions" },
  },
  {
    table: schema.forumPosts,
    scope: `presentation_id IN ${PRESENTATIONS}`,
    newIds: true,
    references: { presentation_id: "presentations", user_id: "users" },
  },
  {
    table: schema.forumReplies,
    scope: `post_id IN ${POSTS}`,
    newIds: true,
    references: { post_id: "forum_posts", user_id: "users" },
  },
  {
    table: schema.forumPostLikes,
    scope: `post_id IN ${POSTS}`,
    references: { post_id: "forum_posts", user_id: "users" },
  },
  {
    table: schema.forumReplyLikes,
    scope: `reply_id IN (SELECT id FROM forum_replies WHERE post_id IN ${POSTS})`,
    references: { reply_id: "forum_replies", user_id: "users" },
  },
  {
    table: schema.quizQuestions,
    scope: `presentation_id IN ${PRESENTATIONS}`,
    newIds: true,
    references: { presentation_id: "presentations" },
    files: ["image", "video_key"],
  },
  {
    table: schema.quizOptions,
    scope: `question_id IN ${QUESTIONS}`,
    newIds: true,
    references: { question_id: "quiz_questions" },
  },
  {
    table: schema.quizSessions,
    scope: `presentation_id IN ${PRESENTATIONS}`,
    references: { presentation_id: "presentations" },
  },
  {
    table: schema.quizScreenLinks,
    scope: `presentation_id IN ${PRESENTATIONS}`,
    references: { presentation_id: "presentations" },
  },
  {
    table: schema.quizPlayers,
    scope: `presentation_id IN ${PRESENTATIONS}`,
    newIds: true,
    references: { presentation_id: "presentations", user_id: "users" },
  },
  {
    table: schema.quizAnswers,
    scope: `presentation_id IN ${PRESENTATIONS}`,
    newIds: true,
    references: { presentation_id: "presentations", question_id: "quiz_questions" },
  },
  {
    table: schema.quizQuestionViews,
    scope: `presentation_id IN ${PRESENTATIONS}`,
    references: { presentation_id: "presentations", question_id: "quiz_questions", user_id: "users" },
  },
  {
    table: schema.quizResults,
    scope: `presentation_id IN ${PRESENTATIONS}`,
    references: { presentation_id: "presentations" },
    files: ["photo"],
  },
  {
    table: schema.versions,
    scope: `presentation_id IN ${PRESENTATIONS}`,
    references: { presentation_id: "presentations" },
    files: ["video_key", "webcam_key", "playable_video_key", "playable_webcam_key", "pdf_key"],
  },
  { table: schema.versionThumbnails, scope: `version_id IN ${VERSIONS}`, newIds: true, files: ["image_key"] },
  { table: schema.processingJobs, scope: `version_id IN ${VERSIONS}`, newIds: true },
  // Finished uploads only: an unfinished one is an R2 multipart upload of the source bucket.
  {
    table: schema.uploads,
    scope: "event_id = ?1 AND status = 'complete'",
    references: { ...inEvent, owner_user_id: "users", presentation_id: "presentations" },
    files: ["r2_key"],
  },
  {
    table: schema.presentationPlays,
    scope: `presentation_id IN ${PRESENTATIONS}`,
    references: { presentation_id: "presentations" },
  },
  { table: schema.versionPlays, scope: `version_id IN ${VERSIONS}` },
];

/**
 * The tables an archive leaves out, and why (docs/operations.md#what-is-not). A table in neither
 * list fails tests/unit/archive-tables.test.ts: a new table is archived or left out on purpose.
 */
export const TABLES_LEFT_OUT: Readonly<Record<string, string>> = {
  user_codes: "single-use e-mail codes, not the event's",
  rate_limits: "bookkeeping of callers, not the event's",
  login_throttles: "bookkeeping of callers, not the event's",
  email_outbox: "the instance's mail queue",
  client_errors: "the instance's error reports",
  processors: "the instance's media processors",
  play_views: "one row per viewer and day to count a play once; the counts are archived",
  upload_parts: "parts of unfinished uploads, which cannot be resumed elsewhere",
  retired_version_ids: "ids this instance never reuses; a restore refuses ids in use",
  slide_pages:
    "the slides' text for search, read again from the version's PDF when it is processed again; 40 pages of 1,000 talks would take half an archive's 32 MB",
};

export const archiveTableName = (entry: ArchiveTable) => getTableConfig(entry.table).name;

/**
 * A column as a restore checks it: its SQL name, whether it takes null, integer or text, and the
 * value an archive made before the column existed gets (its plain default; none for a computed one).
 */
export interface ArchiveColumn {
  name: string;
  nullable: boolean;
  integer: boolean;
  fallback?: number | string | null;
}

function plainDefault(value: unknown): number | string | null | undefined {
  if (typeof value === "boolean") return value ? 1 : 0;
  if (typeof value === "number" || typeof value === "string" || value === null) return value;
  return undefined;
}

export function archiveColumns(entry: ArchiveTable): ArchiveColumn[] {
  return getTableConfig(entry.table).columns.map((column) => {
    const fallback = column.hasDefault ? plainDefault(column.default) : column.notNull ? undefined : null;
    return {
      name: column.name,
      nullable: !column.notNull,
      integer: column.getSQLType() === "integer",
      ...(fallback !== undefined && { fallback }),
    };
  });
}
