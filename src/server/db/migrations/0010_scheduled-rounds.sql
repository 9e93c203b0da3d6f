CREATE TABLE "activities" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"user_id" uuid,
	"scope_key" text,
	"month" text,
	"pairing_id" integer,
	"detail" text NOT NULL,
	"data" jsonb
);
--> statement-breakpoint
CREATE TABLE "round_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope_key" text NOT NULL,
	"domain_group_id" integer,
	"month" text NOT NULL,
	"groups" jsonb NOT NULL,
	"unmatched" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"odd_policy" text DEFAULT 'trio' NOT NULL,
	"seed" integer,
	"stats" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "round_drafts_once" UNIQUE("scope_key","month"),
	CONSTRAINT "round_drafts_odd_policy_check" CHECK ("round_drafts"."odd_policy" in ('sit-out', 'trio'))
);
--> statement-breakpoint
CREATE TABLE "round_settings" (
	"scope_key" text PRIMARY KEY NOT NULL,
	"schedule" jsonb,
	"review_days" integer DEFAULT 3 NOT NULL,
	"check_in_days" integer DEFAULT 7 NOT NULL,
	"auto" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "round_settings_review_days_check" CHECK ("round_settings"."review_days" between 0 and 14),
	CONSTRAINT "round_settings_check_in_days_check" CHECK ("round_settings"."check_in_days" between 1 and 21)
);
--> statement-breakpoint
CREATE TABLE "round_stages" (
	"id" serial PRIMARY KEY NOT NULL,
	"scope_key" text NOT NULL,
	"month" text NOT NULL,
	"stage" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"claimed_by" text,
	"lease_expires_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"pairing_id" integer,
	"done_at" timestamp with time zone,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "round_stages_once" UNIQUE("scope_key","month","stage"),
	CONSTRAINT "round_stages_stage_check" CHECK ("round_stages"."stage" in ('draft', 'publish', 'check-in')),
	CONSTRAINT "round_stages_state_check" CHECK ("round_stages"."state" in ('pending', 'running', 'done', 'skipped', 'failed')),
	CONSTRAINT "round_stages_month_check" CHECK ("round_stages"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_drafts" ADD CONSTRAINT "round_drafts_domain_group_id_domain_groups_id_fk" FOREIGN KEY ("domain_group_id") REFERENCES "public"."domain_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "round_stages" ADD CONSTRAINT "round_stages_pairing_id_pairings_id_fk" FOREIGN KEY ("pairing_id") REFERENCES "public"."pairings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_at_idx" ON "activities" USING btree ("at");--> statement-breakpoint
CREATE INDEX "activities_user_idx" ON "activities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "round_stages_due_idx" ON "round_stages" USING btree ("state","due_at");