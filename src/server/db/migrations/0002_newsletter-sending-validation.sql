ALTER TABLE "newsletters" DROP CONSTRAINT "newsletters_status_check";--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "validation" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletters_one_per_month" ON "newsletters" USING btree ("year","month");--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_status_check" CHECK ("newsletters"."status" in ('draft', 'approved', 'sending', 'sent'));