ALTER TABLE "round_steps" RENAME COLUMN "step" TO "kind";--> statement-breakpoint
ALTER TABLE "round_steps" RENAME CONSTRAINT "round_steps_step_check" TO "round_steps_kind_check";