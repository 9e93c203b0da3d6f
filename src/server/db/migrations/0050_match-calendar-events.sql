CREATE TABLE "match_calendar_events" (
	"match_id" integer PRIMARY KEY NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"recipient_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "match_calendar_events_sequence_check" CHECK ("match_calendar_events"."sequence" >= 0)
);--> statement-breakpoint
CREATE INDEX "match_calendar_events_recipients_idx" ON "match_calendar_events" USING gin ("recipient_ids");
