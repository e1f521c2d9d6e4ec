-- When the account was deleted by its owner (DELETE /api/me): its row stays, emptied, so the
-- forum and quiz results that name it keep their references (docs/operations.md "Personal data").
ALTER TABLE `users` ADD `deleted_at` integer;