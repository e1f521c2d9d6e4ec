/**
 * The whole data model of the product (both specs' §3), in one place.
 * `npm run db:generate` turns changes here into SQL under migrations/.
 *
 * Conventions: integer ids; dates as ISO text (`yyyy-MM-dd`), times of day as minutes from
 * midnight (as the spec's `time` / `end_time`), instants as Unix milliseconds.
 */
import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

const createdAt = () => integer("created_at").notNull().default(sql`(unixepoch('subsec') * 1000)`);
const flag = (name: string, fallback: boolean) => integer(name, { mode: "boolean" }).notNull().default(fallback);

export const events = sqliteTable("events", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  slug: text("slug").notNull().unique(),
  name: text("name").notNull(),
  logo: text("logo"),
  start: text("start").notNull(),
  end: text("end").notNull(),
  timeZone: text("time_zone").notNull().default("Europe/Paris"),
  venue: text("venue"),
  /** Advertising block; sanitized HTML, stored already cleaned. */
  adHtml: text("ad_html"),
  allowAnonymousAccess: flag("allow_anonymous_access", true),
  allowCreateAccount: flag("allow_create_account", true),
  forum: flag("forum", true),
  quiz: flag("quiz", true),
  showVideoViews: flag("show_video_views", false),
  /** Whether a talk's speakers and the moderators see who wrote each feedback (docs/feedback.md). */
  feedbackAuthorsVisible: flag("feedback_authors_visible", false),
  /**
   * The live room of a talk (Jitsi Meet, BigBlueButton…): a URL with `{roomId}`, `{roomName}` and
   * `{presentationId}` placeholders; null when the event has no live stream.
   */
  liveRoomUrlTemplate: text("live_room_url_template"),
  scheduleBackgroundColor: text("schedule_background_color"),
  scheduleTextColor: text("schedule_text_color"),
  /** PBKDF2 hash; null when the event is not password protected. */
  passwordHash: text("password_hash"),
  /** Bumped by every change to the schedule; keys the public schedule cache. */
  revision: integer("revision").notNull().default(1),
  createdAt: createdAt(),
});

export const rooms = sqliteTable(
  "rooms",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    position: integer("position").notNull().default(0),
    visioEnabled: flag("visio_enabled", false),
  },
  (t) => [uniqueIndex("rooms_event_name").on(t.eventId, t.name)],
);

export const speakers = sqliteTable(
  "speakers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** The schedule's own person id (frab id, pretalx code, or the name). */
    externalId: text("external_id").notNull(),
    title: text("title"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    picture: text("picture"),
    /** Sanitized HTML (the importer cleans it as a talk's description). */
    biography: text("biography"),
    /** The imported profile's links, JSON `[{ url, title }]` of http(s) URLs (core/schedule/speaker-directory.ts). */
    links: text("links"),
  },
  (t) => [uniqueIndex("speakers_event_external").on(t.eventId, t.externalId)],
);

export const associations = sqliteTable(
  "associations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    logo: text("logo"),
  },
  (t) => [uniqueIndex("associations_event_name").on(t.eventId, t.name)],
);

export const presentationTypes = sqliteTable(
  "presentation_types",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    icon: text("icon"),
  },
  (t) => [uniqueIndex("presentation_types_event_name").on(t.eventId, t.name)],
);

/** Presentation colours; an imported track becomes one. */
export const presentationColors = sqliteTable(
  "presentation_colors",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    color: text("color").notNull(),
  },
  (t) => [uniqueIndex("presentation_colors_event_name").on(t.eventId, t.name)],
);

export const presentations = sqliteTable(
  "presentations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    /** The schedule's own id (frab guid or id) so re-imports update in place. */
    externalId: text("external_id").notNull(),
    name: text("name").notNull(),
    /** The schedule's subtitle, which completes the name (38C3: names end in ':'); plain text. */
    subtitle: text("subtitle"),
    abstract: text("abstract"),
    date: text("date").notNull(),
    time: integer("time").notNull(),
    endTime: integer("end_time").notNull(),
    day: integer("day").notNull(),
    roomId: integer("room_id").references(() => rooms.id, { onDelete: "set null" }),
    speakerId: integer("speaker_id").references(() => speakers.id, { onDelete: "set null" }),
    sessionId: text("session_id"),
    typeId: integer("type_id").references(() => presentationTypes.id, { onDelete: "set null" }),
    colorId: integer("color_id").references(() => presentationColors.id, { onDelete: "set null" }),
    associationId: integer("association_id").references(() => associations.id, { onDelete: "set null" }),
    /** Presentation information; sanitized HTML. */
    information: text("information"),
    pdfUrl: text("pdf_url"),
    pdfConvert: text("pdf_convert"),
    /** Start offset of the public video, in seconds. */
    skip: integer("skip").notNull().default(0),
    /** Withdrawn from the imported schedule: hidden, but its forum and quiz data are kept. */
    archived: flag("archived", false),
    // Quiz settings (live quiz spec §3).
    live: flag("live", true),
    timer: integer("timer").notNull().default(30),
    questionsFromTime: integer("questions_from_time"),
    questionsToTime: integer("questions_to_time"),
    resultsFromTime: integer("results_from_time"),
    resultsToTime: integer("results_to_time"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("presentations_event_external").on(t.eventId, t.externalId),
    index("presentations_event_schedule").on(t.eventId, t.archived, t.date, t.time),
    index("presentations_speaker").on(t.speakerId),
  ],
);

/** Every person of a presentation, in the schedule's order (the first is `speaker_id`). */
export const presentationSpeakers = sqliteTable(
  "presentation_speakers",
  {
    presentationId: integer("presentation_id")
      .notNull()
      .references(() => presentations.id, { onDelete: "cascade" }),
    speakerId: integer("speaker_id")
      .notNull()
      .references(() => speakers.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.presentationId, t.speakerId] }),
    index("presentation_speakers_speaker").on(t.speakerId),
  ],
);

export const users = sqliteTable("users", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  email: text("email").notNull().unique(),
  name: text("name").notNull(),
  picture: text("picture"),
  passwordHash: text("password_hash").notNull(),
  locale: text("locale").notNull().default("fr"),
  emailValidatedAt: integer("email_validated_at"),
  /** Bumped by logout, password change and reset: every older token is refused. */
  tokenVersion: integer("token_version").notNull().default(0),
  externalId: text("external_id"),
  createdAt: createdAt(),
  /**
   * Set when the user deleted their account: the row stays, emptied (no name, address, password
   * or picture), so the forum posts they chose to keep show "deleted user" (worker/db/queries/personal-data.ts).
   */
  deletedAt: integer("deleted_at"),
});

/** A user's roles within one event. */
export const eventMembers = sqliteTable(
  "event_members",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    isSpeaker: flag("is_speaker", false),
    isModerator: flag("is_moderator", false),
    speakerId: integer("speaker_id").references(() => speakers.id, { onDelete: "set null" }),
    /** The association the member speaks for: badges their forum posts. */
    associationId: integer("association_id").references(() => associations.id, { onDelete: "set null" }),
    /** Secret of the personal iCalendar subscription URL. */
    calendarToken: text("calendar_token").unique(),
    /** Minutes before each talk of the calendar feed's reminder (VALARM); 0 is none. */
    calendarAlarmMinutes: integer("calendar_alarm_minutes").notNull().default(10),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eventId] }), index("event_members_event").on(t.eventId)],
);

/** Single-use e-mail validation codes and password reset tokens (stored hashed). */
export const userCodes = sqliteTable(
  "user_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: ["validate", "reset"] }).notNull(),
    codeHash: text("code_hash").notNull().unique(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("user_codes_user").on(t.userId, t.purpose)],
);

export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStart: integer("window_start").notNull(),
  count: integer("count").notNull(),
});

/**
 * Wrong passwords per account (keyed by the e-mail typed, known or not, so answers never tell
 * which addresses have accounts): after a few, each attempt waits until `blockedUntil`.
 */
export const loginThrottles = sqliteTable("login_throttles", {
  email: text("email").primaryKey(),
  failures: integer("failures").notNull(),
  lastFailureAt: integer("last_failure_at").notNull(),
  blockedUntil: integer("blocked_until").notNull(),
});

export const mySchedule = sqliteTable(
  "my_schedule",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    presentationId: integer("presentation_id")
      .notNull()
      .references(() => presentations.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.presentationId] }),
    index("my_schedule_presentation").on(t.presentationId),
  ],
);

/**
 * A member's rating of a talk (issue 32): one per person per talk, editable while the talk's
 * feedback is open (core/feedback/feedback-window.ts).
 */
export const talkFeedback = sqliteTable(
  "talk_feedback",
  {
    presentationId: integer("presentation_id")
      .notNull()
      .references(() => presentations.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** 1 to 5 stars. */
    rating: integer("rating").notNull(),
    /** Plain text, cleaned of control and bidi characters; null when none. */
    comment: text("comment"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.presentationId, t.userId] }), index("talk_feedback_user").on(t.userId)],
);

export const forumPosts = sqliteTable(
  "forum_posts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    presentationId: integer("presentation_id")
      .notNull()
      .references(() => presentations.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    hidden: flag("hidden", false),
    pinned: flag("pinned", false),
    createdAt: createdAt(),
  },
  (t) => [index("forum_posts_presentation").on(t.presentationId, t.createdAt)],
);

export const forumReplies = sqliteTable(
  "forum_replies",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    postId: integer("post_id")
      .notNull()
      .references(() => forumPosts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("forum_replies_post").on(t.postId, t.createdAt)],
);

export const forumPostLikes = sqliteTable(
  "forum_post_likes",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => forumPosts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);

export const forumReplyLikes = sqliteTable(
  "forum_reply_likes",
  {
    replyId: integer("reply_id")
      .notNull()
      .references(() => forumReplies.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.replyId, t.userId] })],
);

export const quizQuestions = sqliteTable(
  "quiz_questions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    presentationId: integer("presentation_id")
      .notNull()
      .references(() => presentations.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    image: text("image"),
    videoKey: text("video_key"),
    activeMedia: text("active_media", { enum: ["image", "video", ""] })
      .notNull()
      .default(""),
    visible: flag("visible", true),
    isSurvey: flag("is_survey", false),
    order: integer("order").notNull(),
  },
  (t) => [index("quiz_questions_presentation").on(t.presentationId, t.order)],
);

export const quizOptions = sqliteTable(
  "quiz_options",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    questionId: integer("question_id")
      .notNull()
      .references(() => quizQuestions.id, { onDelete: "cascade" }),
    option: text("option").notNull(),
    correct: flag("correct", false),
    order: integer("order").notNull(),
  },
  (t) => [index("quiz_options_question").on(t.questionId, t.order)],
);

/** A live quiz run: its join code and status. */
export const quizSessions = sqliteTable(
  "quiz_sessions",
  {
    presentationId: integer("presentation_id")
      .primaryKey()
      .references(() => presentations.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    status: text("status", { enum: ["lobby", "running", "finished"] })
      .notNull()
      .default("lobby"),
    createdAt: createdAt(),
  },
  (t) => [index("quiz_sessions_code").on(t.code, t.status)],
);

/**
 * The big screen's read-only link of a presentation's live quiz: whoever holds the token may watch
 * the quiz's screen (answer-free, core/quiz/fan-out.ts), without logging in. Revoking replaces it.
 */
export const quizScreenLinks = sqliteTable("quiz_screen_links", {
  presentationId: integer("presentation_id")
    .primaryKey()
    .references(() => presentations.id, { onDelete: "cascade" }),
  /** 32 random bytes, base64url: unguessable. */
  token: text("token").notNull().unique(),
  createdAt: createdAt(),
});

/** A nickname that joined a presentation's quiz; rejoining from the same device keeps it. */
export const quizPlayers = sqliteTable(
  "quiz_players",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    presentationId: integer("presentation_id")
      .notNull()
      .references(() => presentations.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    deviceId: text("device_id"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("quiz_players_presentation_name").on(t.presentationId, t.name),
    index("quiz_players_device").on(t.presentationId, t.deviceId),
  ],
);

export const quizAnswers = sqliteTable(
  "quiz_answers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    presentationId: integer("presentation_id")
      .notNull()
      .references(() => presentations.id, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => quizQuestions.id, { onDelete: "cascade" }),
    /** The player who answered: a quiz player (live) or a user (self-paced). */
    playerKey: text("player_key").notNull(),
    optionIds: text("option_ids", { mode: "json" }).$type<number[]>().notNull(),
    elapsedMs: integer("elapsed_ms").notNull(),
    correct: flag("correct", false),
    points: integer("points").notNull().default(0),
    mode: text("mode", { enum: ["live", "self"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("quiz_answers_question_player").on(t.questionId, t.playerKey),
    index("quiz_answers_presentation").on(t.presentationId, t.playerKey),
  ],
);

/**
 * When a user was first shown a self-paced question: the server measures answering time from
 * here, so the client's clock plays no part. Written once; later views keep the first moment.
 */
export const quizQuestionViews = sqliteTable(
  "quiz_question_views",
  {
    presentationId: integer("presentation_id")
      .notNull()
      .references(() => presentations.id, { onDelete: "cascade" }),
    questionId: integer("question_id")
      .notNull()
      .references(() => quizQuestions.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    shownAt: integer("shown_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.userId] })],
);

/** Leaderboard projection written by the quiz room at show_result and final. */
export const quizResults = sqliteTable(
  "quiz_results",
  {
    presentationId: integer("presentation_id")
      .notNull()
      .references(() => presentations.id, { onDelete: "cascade" }),
    playerKey: text("player_key").notNull(),
    name: text("name").notNull(),
    photo: text("photo"),
    points: integer("points").notNull(),
    totalTimeMs: integer("total_time_ms").notNull(),
    rank: integer("rank").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.presentationId, t.playerKey] }),
    index("quiz_results_rank").on(t.presentationId, t.rank),
  ],
);

export const versions = sqliteTable(
  "versions",
  {
    /** The spec's versionId: a hash of the Unix time it was created. */
    id: text("id").primaryKey(),
    presentationId: integer("presentation_id")
      .notNull()
      .references(() => presentations.id, { onDelete: "cascade" }),
    option: text("option", { enum: ["first", "two", "three", "four"] }).notNull(),
    status: text("status", { enum: ["pending", "processing", "success", "failed", "convert-failed"] })
      .notNull()
      .default("pending"),
    percent: integer("percent").notNull().default(0),
    /** Invariant: at most one online version per presentation (enforced by the partial index). */
    online: flag("online", false),
    fileName: text("file_name"),
    pdfUrl: text("pdf_url"),
    pptUrl: text("ppt_url"),
    videoKey: text("video_key"),
    webcamKey: text("webcam_key"),
    /** The processor's web-playable copies (H.264/AAC, faststart); the source key when it already was one. */
    playableVideoKey: text("playable_video_key"),
    playableWebcamKey: text("playable_webcam_key"),
    /** The PDF shown for the slides: the uploaded one, or the processor's conversion of a ppt/pptx. */
    pdfKey: text("pdf_key"),
    pageCount: integer("page_count"),
    durationMs: integer("duration_ms"),
    /** Bumped by every chapter save: a save carrying an older revision is a conflict (409). */
    chaptersRevision: integer("chapters_revision").notNull().default(0),
    /** Why processing failed, for operators; users see the status only. */
    error: text("error"),
    /** Why processing failed when the speaker can act on it, shown to them (core/versions/status.ts). */
    failureReason: text("failure_reason", { enum: ["too-many-pages", "processing-too-long", "output-too-large"] }),
    createdAt: createdAt(),
  },
  (t) => [
    index("versions_presentation").on(t.presentationId, t.createdAt),
    uniqueIndex("versions_one_online").on(t.presentationId).where(sql`${t.online} = 1`),
  ],
);

/**
 * The id of every version deleted, by its talk's speaker or with its talk: an id names the folder
 * of a version's files, so it is never given to another version (a proposed versionId once used is
 * refused as one in use). Written by the trigger `versions_remember_deleted_id`
 * (migrations/0006_retired_version_ids.sql), whatever deleted the row.
 */
export const retiredVersionIds = sqliteTable("retired_version_ids", {
  id: text("id").primaryKey(),
  createdAt: createdAt(),
});

/** Slide chapters of a version: a thumbnail and where it starts. */
export const versionThumbnails = sqliteTable(
  "version_thumbnails",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    versionId: text("version_id")
      .notNull()
      .references(() => versions.id, { onDelete: "cascade" }),
    imageKey: text("image_key").notNull(),
    timeMs: integer("time_ms").notNull(),
    title: text("title"),
    description: text("description"),
    position: integer("position").notNull(),
  },
  (t) => [index("version_thumbnails_version").on(t.versionId, t.position)],
);

/**
 * The text of each slide page of a version (docs/processor.md#page-text), folded for search
 * (core/schedule/slide-search.ts), with the seconds of the video that show the page (a JSON array).
 * Indexed by the FTS5 table `slide_search` (migrations/0017_slide_search.sql, its event column
 * since 0018_slide_search_event.sql: an external-content index kept by triggers, so it never holds
 * a second copy of the text); search reads only the online version's pages.
 */
export const slidePages = sqliteTable(
  "slide_pages",
  {
    /** The index's rowid. */
    id: integer("id").primaryKey({ autoIncrement: true }),
    versionId: text("version_id")
      .notNull()
      .references(() => versions.id, { onDelete: "cascade" }),
    /**
     * The event of the version's talk (a talk never changes event), indexed with the text so a
     * search matches and counts its own event's pages only (worker/db/queries/slide-search.ts).
     * No foreign key: the version's cascade removes the page, and an event's deletion would
     * otherwise look its pages up by this column.
     */
    eventId: integer("event_id").notNull(),
    page: integer("page").notNull(),
    text: text("text").notNull(),
    seconds: text("seconds").notNull().default("[]"),
  },
  (t) => [
    uniqueIndex("slide_pages_version_page").on(t.versionId, t.page),
    // Covers the search's look-up of each matching page (worker/db/queries/slide-search.ts): a
    // common word matches most pages, and reading each one's row, text and all, cost 4 times as much.
    index("slide_pages_search").on(t.id, t.versionId, t.page, t.seconds),
  ],
);

/** Work for the media processor, leased with an expiry so a crashed processor loses no job. */
export const processingJobs = sqliteTable(
  "processing_jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    versionId: text("version_id")
      .notNull()
      .references(() => versions.id, { onDelete: "cascade" }),
    status: text("status", { enum: ["queued", "leased", "done", "failed"] })
      .notNull()
      .default("queued"),
    leaseOwner: text("lease_owner"),
    leaseExpiresAt: integer("lease_expires_at"),
    /** The step the processor last reported (convert, pages, probe, web-playable, chapters). */
    stage: text("stage"),
    attempts: integer("attempts").notNull().default(0),
    percent: integer("percent").notNull().default(0),
    error: text("error"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at"),
  },
  (t) => [
    index("processing_jobs_lease").on(t.status, t.leaseExpiresAt),
    index("processing_jobs_version").on(t.versionId),
  ],
);

/**
 * A tus upload (docs/uploads.md): one R2 multipart upload whose parts the server lists itself,
 * because the R2 binding has no ListParts. Owned by the user who created it; a version takes it
 * by id once it is complete.
 */
export const uploads = sqliteTable(
  "uploads",
  {
    /** Unguessable (128 random bits, base64url): it is the tus upload URL's last segment. */
    id: text("id").primaryKey(),
    ownerUserId: integer("owner_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    eventId: integer("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    presentationId: integer("presentation_id").references(() => presentations.id, { onDelete: "cascade" }),
    /** What the file is for, which decides the types it may have and its size limit. */
    kind: text("kind", { enum: ["video", "slides", "image", "quiz-video"] }).notNull(),
    fileName: text("file_name").notNull(),
    /** The type its first bytes showed (magic bytes), set when the first part arrives. */
    contentType: text("content_type"),
    length: integer("length").notNull(),
    offset: integer("offset").notNull().default(0),
    /** Every part but the last has exactly this size (R2 multipart wants equal parts). */
    partSize: integer("part_size").notNull(),
    r2Key: text("r2_key").notNull(),
    r2UploadId: text("r2_upload_id").notNull(),
    status: text("status", { enum: ["uploading", "complete", "terminated"] })
      .notNull()
      .default("uploading"),
    /** The version that took this file; an attached upload is deleted with its version only. */
    versionId: text("version_id").references(() => versions.id, { onDelete: "set null" }),
    expiresAt: integer("expires_at").notNull(),
    createdAt: createdAt(),
    completedAt: integer("completed_at"),
  },
  (t) => [index("uploads_owner").on(t.ownerUserId, t.createdAt), index("uploads_expiry").on(t.status, t.expiresAt)],
);

/** The part ledger of an upload: what R2 needs to complete the multipart upload. */
export const uploadParts = sqliteTable(
  "upload_parts",
  {
    uploadId: text("upload_id")
      .notNull()
      .references(() => uploads.id, { onDelete: "cascade" }),
    partNumber: integer("part_number").notNull(),
    etag: text("etag").notNull(),
    size: integer("size").notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.partNumber] })],
);

export const presentationPlays = sqliteTable("presentation_plays", {
  presentationId: integer("presentation_id")
    .primaryKey()
    .references(() => presentations.id, { onDelete: "cascade" }),
  count: integer("count").notNull().default(0),
});

export const versionPlays = sqliteTable("version_plays", {
  versionId: text("version_id")
    .primaryKey()
    .references(() => versions.id, { onDelete: "cascade" }),
  count: integer("count").notNull().default(0),
});

/** One row per viewer, version and day: a play counts once per viewer and version per day. */
export const playViews = sqliteTable(
  "play_views",
  {
    versionId: text("version_id")
      .notNull()
      .references(() => versions.id, { onDelete: "cascade" }),
    /** The random viewer id the browser keeps (or the user id when signed in). */
    viewerKey: text("viewer_key").notNull(),
    /** UTC day, YYYY-MM-DD. */
    day: text("day").notNull(),
  },
  (t) => [primaryKey({ columns: [t.versionId, t.viewerKey, t.day] })],
);

export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    kind: text("kind").notNull(),
    createdAt: createdAt(),
    sentAt: integer("sent_at"),
    /** The provider's last refusal or the network error, for the operator (never the message). */
    error: text("error"),
    /**
     * kept (MAIL_PROVIDER=outbox: the dev mailbox reads it), queued, sending (claimed by one
     * delivery), sent, failed (given up after the last attempt): worker/mail/mail-queue.ts.
     */
    status: text("status", { enum: ["kept", "queued", "sending", "sent", "failed"] })
      .notNull()
      .default("queued"),
    attempts: integer("attempts").notNull().default(0),
    /** When a queued mail may be tried (again), ms; or when a `sending` claim expires. */
    nextAttemptAt: integer("next_attempt_at"),
    provider: text("provider"),
  },
  (t) => [index("email_outbox_to").on(t.to, t.createdAt), index("email_outbox_due").on(t.status, t.nextAttemptAt)],
);

/**
 * Errors the app met in browsers (`POST /api/logger/add`): what happened and where, never who
 * (no account, no address) nor any token (redacted, core/client-errors). The newest
 * CLIENT_ERRORS_KEPT rows stay, for 30 days at most (the hourly cron prunes the rest).
 */
export const clientErrors = sqliteTable(
  "client_errors",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    createdAt: createdAt(),
    kind: text("kind").notNull(),
    message: text("message").notNull(),
    stack: text("stack"),
    route: text("route"),
    release: text("release"),
    userAgent: text("user_agent"),
  },
  (t) => [index("client_errors_created").on(t.createdAt)],
);

/**
 * The media processors the Worker has seen (each lease request names its processor and version),
 * so an organiser sees a queue nobody serves (GET /api/admin/processors).
 */
export const processors = sqliteTable("processors", {
  id: text("id").primaryKey(),
  version: text("version"),
  firstSeenAt: integer("first_seen_at").notNull(),
  lastSeenAt: integer("last_seen_at").notNull(),
});

/**
 * Audience Q&A of a talk (docs/qa.md): questions asked, voted once per member, moderated.
 * `votes` is the count of `talk_question_votes` rows, kept in the statement that writes a vote,
 * so a sorted list reads one table.
 */
export const talkQuestions = sqliteTable(
  "talk_questions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    presentationId: integer("presentation_id")
      .notNull()
      .references(() => presentations.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    /** Asked without the asker's name: nobody is shown who asked. */
    anonymous: flag("anonymous", false),
    /** `pending` (waiting for approval), `open`, `answered` (core/qa/changes.ts QaStatus). */
    status: text("status", { enum: ["pending", "open", "answered"] }).notNull(),
    hidden: flag("hidden", false),
    votes: integer("votes").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index("talk_questions_presentation").on(t.presentationId, t.status, t.votes),
    index("talk_questions_user").on(t.userId),
  ],
);

export const talkQuestionVotes = sqliteTable(
  "talk_question_votes",
  {
    questionId: integer("question_id")
      .notNull()
      .references(() => talkQuestions.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.userId] }), index("talk_question_votes_user").on(t.userId)],
);

/** A talk's Q&A settings and the question on its big screen; no row: the defaults, nothing featured. */
export const talkQaSettings = sqliteTable("talk_qa_settings", {
  presentationId: integer("presentation_id")
    .primaryKey()
    .references(() => presentations.id, { onDelete: "cascade" }),
  requireApproval: flag("require_approval", false),
  allowAnonymous: flag("allow_anonymous", false),
  featuredQuestionId: integer("featured_question_id").references(() => talkQuestions.id, { onDelete: "set null" }),
});
