ALTER TABLE "pairings" ADD COLUMN "sat_out" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "round_drafts" ADD COLUMN "sat_out" jsonb DEFAULT '[]'::jsonb NOT NULL;
