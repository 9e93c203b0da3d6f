CREATE TABLE "outgoing_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"data" jsonb NOT NULL,
	"once_key" text,
	"mail_transport" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"claimed_by" text,
	"first_failed_at" timestamp with time zone,
	"error_code" text,
	"error_message" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outgoing_messages_state_check" CHECK ("outgoing_messages"."state" in ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "outgoing_messages_due_idx" ON "outgoing_messages" USING btree ("next_attempt_at") WHERE "outgoing_messages"."state" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "outgoing_messages_once_idx" ON "outgoing_messages" USING btree ("kind","recipient","once_key") WHERE "outgoing_messages"."once_key" is not null;
