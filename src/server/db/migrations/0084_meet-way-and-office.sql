-- How a person can meet (docs/profile.md, "How we meet"): in person, online or either (null),
-- and the office where they meet in person, as typed.
ALTER TABLE "users" ADD COLUMN "meet_way" text;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "office" text;
