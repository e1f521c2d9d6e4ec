-- Account e-mails are delivered through a provider (MAIL_PROVIDER, docs/operations.md "E-mail"):
-- each message's delivery state, its attempts and when it may be tried again.
ALTER TABLE `email_outbox` ADD `status` text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `next_attempt_at` integer;--> statement-breakpoint
ALTER TABLE `email_outbox` ADD `provider` text;--> statement-breakpoint
CREATE INDEX `email_outbox_due` ON `email_outbox` (`status`,`next_attempt_at`);--> statement-breakpoint
-- Mails written before this were only ever kept in the outbox: never send them now (their links
-- have expired), keep them for the dev mailbox.
UPDATE `email_outbox` SET `status` = 'kept', `provider` = 'outbox';
