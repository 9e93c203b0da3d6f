ALTER TABLE "newsletter_deliveries" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD COLUMN "send_status" text;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_send_status_check" CHECK ("newsletter_deliveries"."send_status" is null or "newsletter_deliveries"."send_status" in ('success', 'failed', 'sendgrid_limit', 'sendgrid_forbidden', 'sendgrid_error'));