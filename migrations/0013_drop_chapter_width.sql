-- The editor's chapter widths follow from the times on every read (worker/routes/chapter-edit.ts);
-- the stored copy was written and never read.
ALTER TABLE `version_thumbnails` DROP COLUMN `width`;
