CREATE TABLE "daily_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"done_for" text,
	"claimed_by" text,
	"lease_expires_at" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "erased_at" timestamp with time zone;