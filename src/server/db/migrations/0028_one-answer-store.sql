-- One store for a member's answer (docs/check-ins.md, "Answers"): `match_members.answer` (null
-- until they answer, then met, not_yet or skip) and `answered_at` replace the member's connection
-- status and the check-in row's copy of the answer. The answer carried over is what the check-in
-- page showed: Met where the member's status says met (the Matches page never wrote the check-in
-- row, so the status is the newer word when the two differ), Not yet where they missed and their
-- check-in said Not yet, Skip for any other miss, and none while pending.
ALTER TABLE "match_members" DROP CONSTRAINT "match_members_connection_check";--> statement-breakpoint
ALTER TABLE "match_members" ADD COLUMN "answer" text;--> statement-breakpoint
ALTER TABLE "match_members" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
UPDATE "match_members" mm SET
  "answer" = CASE
    WHEN mm."connection_status" = 'confirmed' THEN 'met'
    WHEN EXISTS (SELECT 1 FROM "check_ins" ci WHERE ci."match_id" = mm."match_id"
      AND ci."user_id" = mm."user_id" AND ci."answer" = 'not_yet') THEN 'not_yet'
    ELSE 'skip' END,
  "answered_at" = coalesce(mm."confirmed_at", (SELECT ci."answered_at" FROM "check_ins" ci
    WHERE ci."match_id" = mm."match_id" AND ci."user_id" = mm."user_id"))
WHERE mm."connection_status" <> 'pending';--> statement-breakpoint
ALTER TABLE "check_ins" DROP CONSTRAINT "check_ins_answer_check";--> statement-breakpoint
ALTER TABLE "check_ins" DROP COLUMN "answer";--> statement-breakpoint
ALTER TABLE "check_ins" DROP COLUMN "answered_at";--> statement-breakpoint
ALTER TABLE "match_members" DROP COLUMN "connection_status";--> statement-breakpoint
ALTER TABLE "match_members" DROP COLUMN "confirmed_at";--> statement-breakpoint
ALTER TABLE "match_members" ADD CONSTRAINT "match_members_answer_check" CHECK ("match_members"."answer" is null or "match_members"."answer" in ('met', 'not_yet', 'skip'));
