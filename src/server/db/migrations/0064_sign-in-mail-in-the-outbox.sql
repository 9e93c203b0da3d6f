ALTER TABLE "outgoing_messages" ADD COLUMN "urgent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "outgoing_messages_urgent_due_idx" ON "outgoing_messages" USING btree ("next_attempt_at") WHERE "outgoing_messages"."state" = 'pending' and "outgoing_messages"."urgent";--> statement-breakpoint
DROP TABLE "sign_in_mails";
