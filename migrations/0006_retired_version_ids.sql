-- Written by hand: the ids of deleted versions are kept, so no later version gets the folder of
-- files a deleted one had (worker/db/schema.ts, retiredVersionIds). The trigger records every
-- deletion, a talk's cascade included.
CREATE TABLE `retired_version_ids` (
	`id` text PRIMARY KEY NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TRIGGER `versions_remember_deleted_id` AFTER DELETE ON `versions`
BEGIN
	INSERT OR IGNORE INTO `retired_version_ids` (`id`) VALUES (old.`id`);
END;
