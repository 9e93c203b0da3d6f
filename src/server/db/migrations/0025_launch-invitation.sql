ALTER TABLE "newsletters" DROP CONSTRAINT "newsletters_kind_check";--> statement-breakpoint
CREATE UNIQUE INDEX "newsletters_one_launch" ON "newsletters" USING btree ("kind") WHERE "newsletters"."kind" = 'launch';--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_kind_check" CHECK ("newsletters"."kind" in ('newsletter', 'announcement', 'launch'));