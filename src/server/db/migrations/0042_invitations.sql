ALTER TABLE "newsletters" DROP CONSTRAINT "newsletters_kind_check";--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_kind_check" CHECK ("newsletters"."kind" in ('newsletter', 'announcement', 'launch', 'match-change', 'invitation'));
