ALTER TABLE "round_stages" DROP CONSTRAINT "round_stages_stage_check";--> statement-breakpoint
ALTER TABLE "round_settings" ADD COLUMN "auto_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "round_stages" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "round_stages" ADD CONSTRAINT "round_stages_stage_check" CHECK ("round_stages"."stage" in ('draft', 'publish', 'check-in', 'reminder'));