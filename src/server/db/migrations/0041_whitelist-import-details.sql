ALTER TABLE "allowed_emails" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "allowed_emails" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "allowed_emails" ADD COLUMN "department" text;
