-- slide_pages takes the event of its version's talk, and the full-text index `slide_search` (0017)
-- indexes it beside the text, so a search matches `event_id : "42" AND text : (…)` inside the index
-- and its cap on pages read (MAX_SLIDE_SEARCH_PAGES) counts the searched event's pages only, not
-- every event's (worker/db/queries/slide-search.ts).
-- drizzle-kit generated `ALTER TABLE slide_pages ADD event_id integer NOT NULL`, which SQLite
-- refuses without a default: the table is built anew instead, its rows copied with their ids
-- (the index's rowids) and their event read from versions → presentations. Then the index, its
-- triggers (the delete trigger takes the event from old.event_id: on a cascaded deletion the
-- version may be gone already) and a rebuild from the table, written by hand as 0017's.
DROP TABLE `slide_search`;
--> statement-breakpoint
CREATE TABLE `__new_slide_pages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`version_id` text NOT NULL,
	`event_id` integer NOT NULL,
	`page` integer NOT NULL,
	`text` text NOT NULL,
	`seconds` text DEFAULT '[]' NOT NULL,
	FOREIGN KEY (`version_id`) REFERENCES `versions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `__new_slide_pages` (`id`, `version_id`, `event_id`, `page`, `text`, `seconds`)
	SELECT sp.`id`, sp.`version_id`, p.`event_id`, sp.`page`, sp.`text`, sp.`seconds`
	FROM `slide_pages` sp
	JOIN `versions` v ON v.`id` = sp.`version_id`
	JOIN `presentations` p ON p.`id` = v.`presentation_id`;
--> statement-breakpoint
DROP TABLE `slide_pages`;
--> statement-breakpoint
ALTER TABLE `__new_slide_pages` RENAME TO `slide_pages`;
--> statement-breakpoint
CREATE UNIQUE INDEX `slide_pages_version_page` ON `slide_pages` (`version_id`,`page`);--> statement-breakpoint
CREATE INDEX `slide_pages_search` ON `slide_pages` (`id`,`version_id`,`page`,`seconds`);
--> statement-breakpoint
CREATE VIRTUAL TABLE `slide_search` USING fts5(
	`text`,
	`event_id`,
	content = 'slide_pages',
	content_rowid = 'id',
	tokenize = 'unicode61 remove_diacritics 2',
	prefix = '2 3'
);
--> statement-breakpoint
CREATE TRIGGER `slide_pages_indexed` AFTER INSERT ON `slide_pages`
BEGIN
	INSERT INTO `slide_search` (rowid, `text`, `event_id`) VALUES (new.`id`, new.`text`, new.`event_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `slide_pages_unindexed` AFTER DELETE ON `slide_pages`
BEGIN
	INSERT INTO `slide_search` (`slide_search`, rowid, `text`, `event_id`) VALUES ('delete', old.`id`, old.`text`, old.`event_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `slide_pages_reindexed` AFTER UPDATE OF `text`, `event_id` ON `slide_pages`
BEGIN
	INSERT INTO `slide_search` (`slide_search`, rowid, `text`, `event_id`) VALUES ('delete', old.`id`, old.`text`, old.`event_id`);
	INSERT INTO `slide_search` (rowid, `text`, `event_id`) VALUES (new.`id`, new.`text`, new.`event_id`);
END;
--> statement-breakpoint
INSERT INTO `slide_search` (`slide_search`) VALUES ('rebuild');
