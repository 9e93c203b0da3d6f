ALTER TABLE "check_ins" ADD COLUMN "sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "check_ins" ADD COLUMN "reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "round_stages" ADD COLUMN "admins_told_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written data migration: every check-in question and reminder claimed before these columns
-- existed was sent (a failed send gave its claim back), and every draft stage already done had
-- told its admins.
UPDATE "check_ins" SET "sent_at" = "asked_at" WHERE "sent_at" IS NULL;--> statement-breakpoint
UPDATE "check_ins" SET "reminder_sent_at" = "reminded_at" WHERE "reminded_at" IS NOT NULL AND "reminder_sent_at" IS NULL;--> statement-breakpoint
UPDATE "round_stages" SET "admins_told_at" = "done_at" WHERE "stage" = 'draft' AND "state" = 'done' AND "admins_told_at" IS NULL;
