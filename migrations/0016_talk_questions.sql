CREATE TABLE `talk_qa_settings` (
	`presentation_id` integer PRIMARY KEY NOT NULL,
	`require_approval` integer DEFAULT false NOT NULL,
	`allow_anonymous` integer DEFAULT false NOT NULL,
	`featured_question_id` integer,
	FOREIGN KEY (`presentation_id`) REFERENCES `presentations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`featured_question_id`) REFERENCES `talk_questions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `talk_question_votes` (
	`question_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	PRIMARY KEY(`question_id`, `user_id`),
	FOREIGN KEY (`question_id`) REFERENCES `talk_questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `talk_question_votes_user` ON `talk_question_votes` (`user_id`);--> statement-breakpoint
CREATE TABLE `talk_questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`presentation_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`body` text NOT NULL,
	`anonymous` integer DEFAULT false NOT NULL,
	`status` text NOT NULL,
	`hidden` integer DEFAULT false NOT NULL,
	`votes` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`presentation_id`) REFERENCES `presentations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `talk_questions_presentation` ON `talk_questions` (`presentation_id`,`status`,`votes`);--> statement-breakpoint
CREATE INDEX `talk_questions_user` ON `talk_questions` (`user_id`);