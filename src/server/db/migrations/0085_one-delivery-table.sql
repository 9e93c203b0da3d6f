-- One table for every outgoing message (docs/decisions/0072-one-delivery-engine.md): e-mail,
-- Slack and webhooks. `outgoing_messages` takes the chat ledger's columns; its lane is data on the
-- row ('email', 'email:urgent', 'slack', 'webhook:<endpoint id>'). The chat ledger's rows move
-- over (their send log with them): a claimed row ('sending') stays claimed under its lease.
ALTER TABLE "outgoing_messages" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;
--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD COLUMN "lane" text DEFAULT 'email' NOT NULL;
--> statement-breakpoint
UPDATE "outgoing_messages" SET "lane" = 'email:urgent' WHERE "urgent";
--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD COLUMN "endpoint_id" integer REFERENCES "webhook_endpoints"("id") ON DELETE cascade;
--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD COLUMN "match_id" integer REFERENCES "matches"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD COLUMN "user_id" uuid REFERENCES "users"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD COLUMN "organiser_id" uuid REFERENCES "users"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD COLUMN "result" jsonb;
--> statement-breakpoint
ALTER TABLE "outgoing_messages" DROP CONSTRAINT "outgoing_messages_state_check";
--> statement-breakpoint
ALTER TABLE "outgoing_messages" ADD CONSTRAINT "outgoing_messages_state_check" CHECK ("outgoing_messages"."state" in ('pending', 'sent', 'failed', 'skipped'));
--> statement-breakpoint
INSERT INTO "outgoing_messages" ("kind", "recipient", "data", "once_key", "mail_transport", "urgent",
  "state", "attempts", "next_attempt_at", "claimed_until", "claimed_by", "first_failed_at",
  "error_message", "sent_at", "created_at", "channel", "lane", "endpoint_id", "match_id", "user_id",
  "organiser_id", "result")
SELECT "kind",
  CASE WHEN "channel" = 'webhook' THEN 'webhook:' || coalesce("endpoint_id"::text, 'removed') ELSE 'slack' END,
  "payload", "dedupe_key", "channel", false,
  CASE WHEN "state" = 'sending' THEN 'pending' ELSE "state" END,
  "attempts", coalesce("next_attempt_at", "created_at"),
  CASE WHEN "state" = 'sending' THEN "lease_expires_at" END,
  CASE WHEN "state" = 'sending' THEN "claimed_by" END,
  "failing_since", "error", "sent_at", "created_at", "channel",
  CASE WHEN "channel" = 'webhook' THEN 'webhook:' || coalesce("endpoint_id"::text, 'removed') ELSE 'slack' END,
  "endpoint_id", "match_id", "user_id", "organiser_id", "result"
FROM "chat_deliveries" ORDER BY "id";
--> statement-breakpoint
DROP TABLE "chat_deliveries";
--> statement-breakpoint
CREATE INDEX "outgoing_messages_lane_idx" ON "outgoing_messages" USING btree ("lane", "next_attempt_at") WHERE "state" = 'pending' AND "channel" <> 'email';
--> statement-breakpoint
CREATE INDEX "outgoing_messages_match_idx" ON "outgoing_messages" USING btree ("match_id") WHERE "match_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "outgoing_messages_endpoint_idx" ON "outgoing_messages" USING btree ("endpoint_id", "id") WHERE "endpoint_id" IS NOT NULL;
