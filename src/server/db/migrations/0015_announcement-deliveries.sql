DROP INDEX "newsletters_one_per_month";--> statement-breakpoint
ALTER TABLE "newsletters" ADD COLUMN "kind" text DEFAULT 'newsletter' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "newsletters_one_announcement_per_pairing" ON "newsletters" USING btree ("pairing_file") WHERE "newsletters"."kind" = 'announcement';--> statement-breakpoint
CREATE UNIQUE INDEX "newsletters_one_per_month" ON "newsletters" USING btree ("year","month") WHERE "newsletters"."kind" = 'newsletter';--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_kind_check" CHECK ("newsletters"."kind" in ('newsletter', 'announcement'));