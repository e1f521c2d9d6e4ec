-- The media processors the Worker has seen, for the operator (GET /api/admin/processors).
CREATE TABLE `processors` (
	`id` text PRIMARY KEY NOT NULL,
	`version` text,
	`first_seen_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL
);
