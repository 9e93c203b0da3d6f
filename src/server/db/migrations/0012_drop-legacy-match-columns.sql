ALTER TABLE "users" DROP COLUMN "current_match";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "past_matches";