ALTER TABLE "newsletter_deliveries" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "mail_transport" text;