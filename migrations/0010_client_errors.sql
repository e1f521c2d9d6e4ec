-- Errors the app met in browsers, reported by POST /api/logger/add (docs/operations.md).
CREATE TABLE `client_errors` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`kind` text NOT NULL,
	`message` text NOT NULL,
	`stack` text,
	`route` text,
	`release` text,
	`user_agent` text
);
--> statement-breakpoint
CREATE INDEX `client_errors_created` ON `client_errors` (`created_at`);