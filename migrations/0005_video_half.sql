CREATE TABLE `play_views` (
	`version_id` text NOT NULL,
	`viewer_key` text NOT NULL,
	`day` text NOT NULL,
	PRIMARY KEY(`version_id`, `viewer_key`, `day`),
	FOREIGN KEY (`version_id`) REFERENCES `versions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `event_members` ADD `association_id` integer REFERENCES associations(id);--> statement-breakpoint
ALTER TABLE `events` ADD `live_room_url_template` text;--> statement-breakpoint
ALTER TABLE `versions` ADD `chapters_revision` integer DEFAULT 0 NOT NULL;