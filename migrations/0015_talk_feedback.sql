-- Talk feedback (issue 32): one 1–5 rating with an optional comment per member and talk, and the
-- event setting that shows speakers and moderators who wrote each (off by default).
CREATE TABLE `talk_feedback` (
	`presentation_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`rating` integer NOT NULL,
	`comment` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`presentation_id`, `user_id`),
	FOREIGN KEY (`presentation_id`) REFERENCES `presentations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `talk_feedback_user` ON `talk_feedback` (`user_id`);--> statement-breakpoint
ALTER TABLE `events` ADD `feedback_authors_visible` integer DEFAULT false NOT NULL;