CREATE TABLE `associations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`name` text NOT NULL,
	`logo` text,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `associations_event_name` ON `associations` (`event_id`,`name`);--> statement-breakpoint
CREATE TABLE `email_outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`to` text NOT NULL,
	`subject` text NOT NULL,
	`text` text NOT NULL,
	`html` text,
	`kind` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`sent_at` integer,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `email_outbox_to` ON `email_outbox` (`to`,`created_at`);--> statement-breakpoint
CREATE TABLE `event_members` (
	`user_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`is_speaker` integer DEFAULT false NOT NULL,
	`is_moderator` integer DEFAULT false NOT NULL,
	`speaker_id` integer,
	`calendar_token` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `event_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`speaker_id`) REFERENCES `speakers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `event_members_calendar_token_unique` ON `event_members` (`calendar_token`);--> statement-breakpoint
CREATE INDEX `event_members_event` ON `event_members` (`event_id`);--> statement-breakpoint
CREATE TABLE `events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`logo` text,
	`start` text NOT NULL,
	`end` text NOT NULL,
	`time_zone` text DEFAULT 'Europe/Paris' NOT NULL,
	`venue` text,
	`ad_html` text,
	`allow_anonymous_access` integer DEFAULT true NOT NULL,
	`allow_create_account` integer DEFAULT true NOT NULL,
	`forum` integer DEFAULT true NOT NULL,
	`quiz` integer DEFAULT true NOT NULL,
	`show_video_views` integer DEFAULT false NOT NULL,
	`schedule_background_color` text,
	`schedule_text_color` text,
	`password_hash` text,
	`revision` integer DEFAULT 1 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `events_slug_unique` ON `events` (`slug`);--> statement-breakpoint
CREATE TABLE `forum_post_likes` (
	`post_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	PRIMARY KEY(`post_id`, `user_id`),
	FOREIGN KEY (`post_id`) REFERENCES `forum_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `forum_posts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`presentation_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`body` text NOT NULL,
	`hidden` integer DEFAULT false NOT NULL,
	`pinned` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`presentation_id`) REFERENCES `presentations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `forum_posts_presentation` ON `forum_posts` (`presentation_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `forum_replies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`post_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`post_id`) REFERENCES `forum_posts`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `forum_replies_post` ON `forum_replies` (`post_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `forum_reply_likes` (
	`reply_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	PRIMARY KEY(`reply_id`, `user_id`),
	FOREIGN KEY (`reply_id`) REFERENCES `forum_replies`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `my_schedule` (
	`user_id` integer NOT NULL,
	`presentation_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `presentation_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`presentation_id`) REFERENCES `presentations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `my_schedule_presentation` ON `my_schedule` (`presentation_id`);--> statement-breakpoint
CREATE TABLE `presentation_colors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`name` text NOT NULL,
	`color` text NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `presentation_colors_event_name` ON `presentation_colors` (`event_id`,`name`);--> statement-breakpoint
CREATE TABLE `presentation_plays` (
	`presentation_id` integer PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`presentation_id`) REFERENCES `presentations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `presentation_speakers` (
	`presentation_id` integer NOT NULL,
	`speaker_id` integer NOT NULL,
	`position` integer NOT NULL,
	PRIMARY KEY(`presentation_id`, `speaker_id`),
	FOREIGN KEY (`presentation_id`) REFERENCES `presentations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`speaker_id`) REFERENCES `speakers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `presentation_speakers_speaker` ON `presentation_speakers` (`speaker_id`);--> statement-breakpoint
CREATE TABLE `presentation_types` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`name` text NOT NULL,
	`icon` text,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `presentation_types_event_name` ON `presentation_types` (`event_id`,`name`);--> statement-breakpoint
CREATE TABLE `presentations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`external_id` text NOT NULL,
	`name` text NOT NULL,
	`abstract` text,
	`date` text NOT NULL,
	`time` integer NOT NULL,
	`end_time` integer NOT NULL,
	`day` integer NOT NULL,
	`room_id` integer,
	`speaker_id` integer,
	`session_id` text,
	`type_id` integer,
	`color_id` integer,
	`association_id` integer,
	`information` text,
	`pdf_url` text,
	`pdf_convert` text,
	`skip` integer DEFAULT 0 NOT NULL,
	`archived` integer DEFAULT false NOT NULL,
	`live` integer DEFAULT true NOT NULL,
	`timer` integer DEFAULT 30 NOT NULL,
	`questions_from_time` integer,
	`questions_to_time` integer,
	`results_from_time` integer,
	`results_to_time` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`room_id`) REFERENCES `rooms`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`speaker_id`) REFERENCES `speakers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`type_id`) REFERENCES `presentation_types`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`color_id`) REFERENCES `presentation_colors`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`association_id`) REFERENCES `associations`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `presentations_event_external` ON `presentations` (`event_id`,`external_id`);--> statement-breakpoint
CREATE INDEX `presentations_event_schedule` ON `presentations` (`event_id`,`archived`,`date`,`time`);--> statement-breakpoint
CREATE INDEX `presentations_speaker` ON `presentations` (`speaker_id`);--> statement-breakpoint
CREATE TABLE `processing_jobs` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`version_id` text NOT NULL,
	`status` text DEFAULT 'queued' NOT NULL,
	`lease_owner` text,
	`lease_expires_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`percent` integer DEFAULT 0 NOT NULL,
	`error` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer,
	FOREIGN KEY (`version_id`) REFERENCES `versions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `processing_jobs_lease` ON `processing_jobs` (`status`,`lease_expires_at`);--> statement-breakpoint
CREATE INDEX `processing_jobs_version` ON `processing_jobs` (`version_id`);--> statement-breakpoint
CREATE TABLE `quiz_answers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`presentation_id` integer NOT NULL,
	`question_id` integer NOT NULL,
	`player_key` text NOT NULL,
	`option_ids` text NOT NULL,
	`elapsed_ms` integer NOT NULL,
	`correct` integer DEFAULT false NOT NULL,
	`points` integer DEFAULT 0 NOT NULL,
	`mode` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`presentation_id`) REFERENCES `presentations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`question_id`) REFERENCES `quiz_questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quiz_answers_question_player` ON `quiz_answers` (`question_id`,`player_key`);--> statement-breakpoint
CREATE INDEX `quiz_answers_presentation` ON `quiz_answers` (`presentation_id`,`player_key`);--> statement-breakpoint
CREATE TABLE `quiz_options` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`question_id` integer NOT NULL,
	`option` text NOT NULL,
	`correct` integer DEFAULT false NOT NULL,
	`order` integer NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `quiz_questions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `quiz_options_question` ON `quiz_options` (`question_id`,`order`);--> statement-breakpoint
CREATE TABLE `quiz_players` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`presentation_id` integer NOT NULL,
	`user_id` integer,
	`name` text NOT NULL,
	`device_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`presentation_id`) REFERENCES `presentations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `quiz_players_presentation_name` ON `quiz_players` (`presentation_id`,`name`);--> statement-breakpoint
CREATE INDEX `quiz_players_device` ON `quiz_players` (`presentation_id`,`device_id`);--> statement-breakpoint
CREATE TABLE `quiz_questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`presentation_id` integer NOT NULL,
	`question` text NOT NULL,
	`image` text,
	`video_key` text,
	`active_media` text DEFAULT '' NOT NULL,
	`visible` integer DEFAULT true NOT NULL,
	`is_survey` integer DEFAULT false NOT NULL,
	`order` integer NOT NULL,
	FOREIGN KEY (`presentation_id`) REFERENCES `presentations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `quiz_questions_presentation` ON `quiz_questions` (`presentation_id`,`order`);--> statement-breakpoint
CREATE TABLE `quiz_results` (
	`presentation_id` integer NOT NULL,
	`player_key` text NOT NULL,
	`name` text NOT NULL,
	`photo` text,
	`points` integer NOT NULL,
	`total_time_ms` integer NOT NULL,
	`rank` integer NOT NULL,
	PRIMARY KEY(`presentation_id`, `player_key`),
	FOREIGN KEY (`presentation_id`) REFERENCES `presentations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `quiz_results_rank` ON `quiz_results` (`presentation_id`,`rank`);--> statement-breakpoint
CREATE TABLE `quiz_sessions` (
	`presentation_id` integer PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`status` text DEFAULT 'lobby' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`presentation_id`) REFERENCES `presentations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `quiz_sessions_code` ON `quiz_sessions` (`code`,`status`);--> statement-breakpoint
CREATE TABLE `rate_limits` (
	`key` text PRIMARY KEY NOT NULL,
	`window_start` integer NOT NULL,
	`count` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `rooms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`name` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`visio_enabled` integer DEFAULT false NOT NULL,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `rooms_event_name` ON `rooms` (`event_id`,`name`);--> statement-breakpoint
CREATE TABLE `speakers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`event_id` integer NOT NULL,
	`external_id` text NOT NULL,
	`title` text,
	`first_name` text DEFAULT '' NOT NULL,
	`last_name` text DEFAULT '' NOT NULL,
	`picture` text,
	`biography` text,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `speakers_event_external` ON `speakers` (`event_id`,`external_id`);--> statement-breakpoint
CREATE TABLE `user_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`purpose` text NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `user_codes_code_hash_unique` ON `user_codes` (`code_hash`);--> statement-breakpoint
CREATE INDEX `user_codes_user` ON `user_codes` (`user_id`,`purpose`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`email` text NOT NULL,
	`name` text NOT NULL,
	`picture` text,
	`password_hash` text NOT NULL,
	`locale` text DEFAULT 'fr' NOT NULL,
	`email_validated_at` integer,
	`token_version` integer DEFAULT 0 NOT NULL,
	`external_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `version_plays` (
	`version_id` text PRIMARY KEY NOT NULL,
	`count` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`version_id`) REFERENCES `versions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `version_thumbnails` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`version_id` text NOT NULL,
	`image_key` text NOT NULL,
	`time_ms` integer NOT NULL,
	`title` text,
	`description` text,
	`width` integer,
	`position` integer NOT NULL,
	FOREIGN KEY (`version_id`) REFERENCES `versions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `version_thumbnails_version` ON `version_thumbnails` (`version_id`,`position`);--> statement-breakpoint
CREATE TABLE `versions` (
	`id` text PRIMARY KEY NOT NULL,
	`presentation_id` integer NOT NULL,
	`option` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`percent` integer DEFAULT 0 NOT NULL,
	`online` integer DEFAULT false NOT NULL,
	`file_name` text,
	`pdf_url` text,
	`ppt_url` text,
	`video_key` text,
	`webcam_key` text,
	`duration_ms` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`presentation_id`) REFERENCES `presentations`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `versions_presentation` ON `versions` (`presentation_id`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `versions_one_online` ON `versions` (`presentation_id`) WHERE "versions"."online" = 1;