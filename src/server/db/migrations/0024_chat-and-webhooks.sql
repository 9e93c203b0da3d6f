CREATE TABLE "chat_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"endpoint_id" integer,
	"match_id" integer,
	"user_id" uuid,
	"organiser_id" uuid,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"claimed_by" text,
	"lease_expires_at" timestamp with time zone,
	"error" text,
	"result" jsonb,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_deliveries_dedupe_key_unique" UNIQUE("dedupe_key"),
	CONSTRAINT "chat_deliveries_channel_check" CHECK ("chat_deliveries"."channel" in ('slack', 'webhook')),
	CONSTRAINT "chat_deliveries_kind_check" CHECK ("chat_deliveries"."kind" in ('intro', 'check_in', 'check_in_update', 'nudge', 'event')),
	CONSTRAINT "chat_deliveries_state_check" CHECK ("chat_deliveries"."state" in ('pending', 'sending', 'sent', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "slack_people" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"slack_user_id" text,
	"looked_up_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" serial PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"events" jsonb NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reach_by" text;--> statement-breakpoint
ALTER TABLE "chat_deliveries" ADD CONSTRAINT "chat_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_deliveries" ADD CONSTRAINT "chat_deliveries_match_id_matches_id_fk" FOREIGN KEY ("match_id") REFERENCES "public"."matches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_deliveries" ADD CONSTRAINT "chat_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_deliveries" ADD CONSTRAINT "chat_deliveries_organiser_id_users_id_fk" FOREIGN KEY ("organiser_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slack_people" ADD CONSTRAINT "slack_people_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_deliveries_due_idx" ON "chat_deliveries" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "chat_deliveries_endpoint_idx" ON "chat_deliveries" USING btree ("endpoint_id","id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_reach_by_check" CHECK ("users"."reach_by" is null or "users"."reach_by" in ('email', 'slack', 'both'));