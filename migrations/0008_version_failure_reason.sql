-- A failed version's reason the speaker reads in their language (too-many-pages,
-- processing-too-long, output-too-large: core/versions/status.ts); null for any other failure.
ALTER TABLE `versions` ADD `failure_reason` text;
