CREATE TABLE `login_throttles` (
	`email` text PRIMARY KEY NOT NULL,
	`failures` integer NOT NULL,
	`last_failure_at` integer NOT NULL,
	`blocked_until` integer NOT NULL
);
