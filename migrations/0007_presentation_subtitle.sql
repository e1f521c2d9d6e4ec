-- Written by hand: a talk's subtitle from its frab / pretalx / c3voc schedule (38C3's titles end
-- in ':' and the subtitle completes them), kept apart from its abstract (worker/db/schema.ts).
ALTER TABLE `presentations` ADD `subtitle` text;
