-- One word per concept (docs/architecture.md, "Words"). A round's scheduled step: the table and its
-- column are renamed, their rows (and the step kinds stored in them) kept as they are.
ALTER TABLE "round_stages" RENAME TO "round_steps";--> statement-breakpoint
ALTER TABLE "round_steps" RENAME COLUMN "stage" TO "step";--> statement-breakpoint
ALTER SEQUENCE "round_stages_id_seq" RENAME TO "round_steps_id_seq";--> statement-breakpoint
ALTER TABLE "round_steps" RENAME CONSTRAINT "round_stages_pkey" TO "round_steps_pkey";--> statement-breakpoint
ALTER TABLE "round_steps" RENAME CONSTRAINT "round_stages_once" TO "round_steps_once";--> statement-breakpoint
ALTER TABLE "round_steps" RENAME CONSTRAINT "round_stages_stage_check" TO "round_steps_step_check";--> statement-breakpoint
ALTER TABLE "round_steps" RENAME CONSTRAINT "round_stages_state_check" TO "round_steps_state_check";--> statement-breakpoint
ALTER TABLE "round_steps" RENAME CONSTRAINT "round_stages_month_check" TO "round_steps_month_check";--> statement-breakpoint
ALTER TABLE "round_steps" RENAME CONSTRAINT "round_stages_pairing_id_pairings_id_fk" TO "round_steps_pairing_id_pairings_id_fk";--> statement-breakpoint
ALTER INDEX "round_stages_due_idx" RENAME TO "round_steps_due_idx";--> statement-breakpoint
-- The n-th run of a scope's month (shown as "Group A", "Group B"): renamed, values and the
-- one-running-pairing index (which follows the column) kept.
ALTER TABLE "pairings" RENAME COLUMN "group_number" TO "run_of_month";--> statement-breakpoint
ALTER TABLE "completed_pairings" RENAME COLUMN "group_number" TO "run_of_month";
