ALTER TABLE `event_members` ADD `calendar_alarm_minutes` integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE `speakers` ADD `links` text;