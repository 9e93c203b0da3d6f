ALTER TABLE "check_ins" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "still_in_questions" ALTER COLUMN "user_id" DROP NOT NULL;