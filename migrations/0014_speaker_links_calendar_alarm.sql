-- A speaker's links from the schedule, and each member's calendar reminder (minutes before a talk, 0 for none).
ALTER TABLE `event_members` ADD `calendar_alarm_minutes` integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE `speakers` ADD `links` text;
