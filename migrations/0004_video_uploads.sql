CREATE TABLE `upload_parts` (
	`upload_id` text NOT NULL,
	`part_number` integer NOT NULL,
	`etag` text NOT NULL,
	`size` integer NOT NULL,
	PRIMARY KEY(`upload_id`, `part_number`),
	FOREIGN KEY (`upload_id`) REFERENCES `uploads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_user_id` integer NOT NULL,
	`event_id` integer NOT NULL,
	`presentation_id` integer,
	`kind` text NOT NULL,
	`file_name` text NOT NULL,
	`content_type` text,
	`length` integer NOT NULL,
	`offset` integer DEFAULT 0 NOT NULL,
	`part_size` integer NOT NULL,
	`r2_key` text NOT NULL,
	`r2_upload_id` text NOT NULL,
	`status` text DEFAULT 'uploading' NOT NULL,
	`version_id` text,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`owner_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`event_id`) REFERENCES `events`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`presentation_id`) REFERENCES `presentations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`version_id`) REFERENCES `versions`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `uploads_owner` ON `uploads` (`owner_user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `uploads_expiry` ON `uploads` (`status`,`expires_at`);--> statement-breakpoint
ALTER TABLE `processing_jobs` ADD `stage` text;--> statement-breakpoint
ALTER TABLE `versions` ADD `playable_video_key` text;--> statement-breakpoint
ALTER TABLE `versions` ADD `playable_webcam_key` text;--> statement-breakpoint
ALTER TABLE `versions` ADD `pdf_key` text;--> statement-breakpoint
ALTER TABLE `versions` ADD `page_count` integer;--> statement-breakpoint
ALTER TABLE `versions` ADD `error` text;