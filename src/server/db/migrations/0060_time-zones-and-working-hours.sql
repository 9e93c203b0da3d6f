ALTER TABLE "users" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "working_hours" jsonb;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "time_zone_confirmed" boolean DEFAULT false NOT NULL;
