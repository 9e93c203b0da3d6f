CREATE TABLE "allowed_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"domain" text NOT NULL,
	"domain_group_id" integer,
	"added_by" uuid,
	"reason" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allowed_emails_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "auth_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"is_used" boolean DEFAULT false NOT NULL,
	"used_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_inquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"contact_email" text NOT NULL,
	"expected_users" text NOT NULL,
	"additional_info" text,
	"ip_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_inquiries_expected_users_check" CHECK ("company_inquiries"."expected_users" in ('Less than 50', '50-100', '100-500', '500-1000', '1000-10,000', '10,000+'))
);
--> statement-breakpoint
CREATE TABLE "completed_pairings" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"pairing_id" integer,
	"name" text NOT NULL,
	"month" text NOT NULL,
	"domain_group_id" integer,
	"domain_group_name" text,
	"group_number" integer DEFAULT 1 NOT NULL,
	"match_count" integer NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "completed_pairings_file_name_unique" UNIQUE("file_name")
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"domain_group_id" integer,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departments_group_name_unique" UNIQUE NULLS NOT DISTINCT("domain_group_id","name")
);
--> statement-breakpoint
CREATE TABLE "domain_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"description" text,
	"color" text DEFAULT '#3B82F6' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "domain_groups_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "email_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"newsletter_id" integer NOT NULL,
	"newsletter_title" text NOT NULL,
	"month" integer NOT NULL,
	"year" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"pairing_file" text,
	"archive_filename" text,
	"domain_group_id" integer,
	"domain_group_name" text,
	"total_recipients" integer DEFAULT 0 NOT NULL,
	"successful_sends" integer DEFAULT 0 NOT NULL,
	"failed_sends" integer DEFAULT 0 NOT NULL,
	"match_validation_summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"is_used" boolean DEFAULT false NOT NULL,
	"is_account_created" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" serial PRIMARY KEY NOT NULL,
	"filename" text NOT NULL,
	"original_name" text,
	"source" text DEFAULT 'admin-uploaded' NOT NULL,
	"purpose" text DEFAULT 'gallery' NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_filename_unique" UNIQUE("filename"),
	CONSTRAINT "images_source_check" CHECK ("images"."source" in ('admin-uploaded', 'attached-assets-available', 'copied')),
	CONSTRAINT "images_purpose_check" CHECK ("images"."purpose" in ('gallery', 'profile'))
);
--> statement-breakpoint
CREATE TABLE "magic_link_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"is_used" boolean DEFAULT false NOT NULL,
	"used_at" timestamp with time zone,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "magic_link_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'other' NOT NULL,
	"to_address" text NOT NULL,
	"from_address" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_outbox_kind_check" CHECK ("mail_outbox"."kind" in ('sign-in-code', 'magic-link', 'newsletter', 'inquiry', 'test', 'other'))
);
--> statement-breakpoint
CREATE TABLE "matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"pairing_id" integer NOT NULL,
	"month" text NOT NULL,
	"user1_id" uuid NOT NULL,
	"user2_id" uuid NOT NULL,
	"user3_id" uuid,
	"match_date" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"completed_at" timestamp with time zone,
	"user1_connection_status" text DEFAULT 'pending' NOT NULL,
	"user2_connection_status" text DEFAULT 'pending' NOT NULL,
	"user3_connection_status" text,
	"user1_confirmed_at" timestamp with time zone,
	"user2_confirmed_at" timestamp with time zone,
	"user3_confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "matches_status_check" CHECK ("matches"."status" in ('active', 'completed')),
	CONSTRAINT "matches_user1_connection_check" CHECK ("matches"."user1_connection_status" in ('pending', 'confirmed', 'not_confirmed')),
	CONSTRAINT "matches_user2_connection_check" CHECK ("matches"."user2_connection_status" in ('pending', 'confirmed', 'not_confirmed')),
	CONSTRAINT "matches_user3_connection_check" CHECK (("matches"."user3_id" is null and "matches"."user3_connection_status" is null) or ("matches"."user3_id" is not null and "matches"."user3_connection_status" in ('pending', 'confirmed', 'not_confirmed'))),
	CONSTRAINT "matches_distinct_members" CHECK ("matches"."user1_id" <> "matches"."user2_id")
);
--> statement-breakpoint
CREATE TABLE "newsletter_archive" (
	"id" serial PRIMARY KEY NOT NULL,
	"newsletter_id" integer NOT NULL,
	"archive_filename" text NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_archive_newsletter_id_unique" UNIQUE("newsletter_id"),
	CONSTRAINT "newsletter_archive_archive_filename_unique" UNIQUE("archive_filename")
);
--> statement-breakpoint
CREATE TABLE "newsletter_deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"newsletter_id" integer NOT NULL,
	"user_id" uuid,
	"recipient_email" text NOT NULL,
	"match_email" text,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error_code" text,
	"error_text" text,
	"claimed_by" text,
	"claimed_at" timestamp with time zone,
	"message_id" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_deliveries_once_per_recipient" UNIQUE("newsletter_id","recipient_email"),
	CONSTRAINT "newsletter_deliveries_state_check" CHECK ("newsletter_deliveries"."state" in ('pending', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "newsletters" (
	"id" serial PRIMARY KEY NOT NULL,
	"month" integer NOT NULL,
	"year" integer NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"mood_description" text,
	"mood_image_url" text,
	"newsletter_image_url" text,
	"quote_text" text,
	"quote_author" text,
	"brain_buzzer_question" text,
	"brain_buzzer_choices" text DEFAULT '[]' NOT NULL,
	"brain_buzzer_correct_answer" text,
	"coffee_chats_paragraph" text,
	"coffee_chat_starters" text DEFAULT '[]' NOT NULL,
	"pro_tips" text DEFAULT '[]' NOT NULL,
	"pairing_file" text,
	"match_placeholder" text,
	"closing_message" text,
	"subject" text,
	"admin_notes" text,
	"domain_group_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "newsletters_status_check" CHECK ("newsletters"."status" in ('draft', 'approved', 'sent')),
	CONSTRAINT "newsletters_month_check" CHECK ("newsletters"."month" between 1 and 12)
);
--> statement-breakpoint
CREATE TABLE "pairings" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"month" text NOT NULL,
	"scope_key" text NOT NULL,
	"domain_group_id" integer,
	"domain_group_name" text,
	"group_number" integer DEFAULT 1 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"total_pairs" integer DEFAULT 0 NOT NULL,
	"odd_policy" text DEFAULT 'trio' NOT NULL,
	"seed" integer,
	"stats" jsonb,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "pairings_status_check" CHECK ("pairings"."status" in ('active', 'completed')),
	CONSTRAINT "pairings_odd_policy_check" CHECK ("pairings"."odd_policy" in ('sit-out', 'trio')),
	CONSTRAINT "pairings_month_check" CHECK ("pairings"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$')
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"is_used" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_hash" text NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"last_accessed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_session_hash_unique" UNIQUE("session_hash")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"first_name" text,
	"last_name" text,
	"profile_image_url" text,
	"department" text,
	"matching_preference" text DEFAULT 'any' NOT NULL,
	"bio" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"participation_status" text DEFAULT 'active' NOT NULL,
	"pause_start_date" date,
	"pause_end_date" date,
	"pause_reason" text,
	"employee_status" text DEFAULT 'active' NOT NULL,
	"leave_start_date" date,
	"leave_end_date" date,
	"leave_reason" text,
	"is_email_verified" boolean DEFAULT false NOT NULL,
	"is_validated" boolean DEFAULT false NOT NULL,
	"validated_at" timestamp with time zone,
	"needs_profile_setup" boolean DEFAULT true NOT NULL,
	"auth_method" text DEFAULT 'hosted' NOT NULL,
	"password_hash" text,
	"failed_sign_in_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"current_match" jsonb,
	"past_matches" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_matching_preference_check" CHECK ("users"."matching_preference" in ('same-department', 'cross-department', 'any')),
	CONSTRAINT "users_participation_status_check" CHECK ("users"."participation_status" in ('active', 'paused', 'opted_out')),
	CONSTRAINT "users_employee_status_check" CHECK ("users"."employee_status" in ('active', 'on_leave', 'inactive')),
	CONSTRAINT "users_auth_method_check" CHECK ("users"."auth_method" in ('hosted', 'magic_link', 'code', 'password', 'simple'))
);
--> statement-breakpoint
ALTER TABLE "allowed_emails" ADD CONSTRAINT "allowed_emails_domain_group_id_domain_groups_id_fk" FOREIGN KEY ("domain_group_id") REFERENCES "public"."domain_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "allowed_emails" ADD CONSTRAINT "allowed_emails_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completed_pairings" ADD CONSTRAINT "completed_pairings_pairing_id_pairings_id_fk" FOREIGN KEY ("pairing_id") REFERENCES "public"."pairings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "completed_pairings" ADD CONSTRAINT "completed_pairings_domain_group_id_domain_groups_id_fk" FOREIGN KEY ("domain_group_id") REFERENCES "public"."domain_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_domain_group_id_domain_groups_id_fk" FOREIGN KEY ("domain_group_id") REFERENCES "public"."domain_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_logs" ADD CONSTRAINT "email_logs_domain_group_id_domain_groups_id_fk" FOREIGN KEY ("domain_group_id") REFERENCES "public"."domain_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_pairing_id_pairings_id_fk" FOREIGN KEY ("pairing_id") REFERENCES "public"."pairings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_user1_id_users_id_fk" FOREIGN KEY ("user1_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_user2_id_users_id_fk" FOREIGN KEY ("user2_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "matches" ADD CONSTRAINT "matches_user3_id_users_id_fk" FOREIGN KEY ("user3_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_newsletter_id_newsletters_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_deliveries" ADD CONSTRAINT "newsletter_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletters" ADD CONSTRAINT "newsletters_domain_group_id_domain_groups_id_fk" FOREIGN KEY ("domain_group_id") REFERENCES "public"."domain_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairings" ADD CONSTRAINT "pairings_domain_group_id_domain_groups_id_fk" FOREIGN KEY ("domain_group_id") REFERENCES "public"."domain_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairings" ADD CONSTRAINT "pairings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "allowed_emails_domain_idx" ON "allowed_emails" USING btree ("domain");--> statement-breakpoint
CREATE INDEX "auth_codes_email_idx" ON "auth_codes" USING btree ("email");--> statement-breakpoint
CREATE INDEX "email_logs_period_idx" ON "email_logs" USING btree ("year","month");--> statement-breakpoint
CREATE INDEX "magic_link_tokens_email_idx" ON "magic_link_tokens" USING btree ("email");--> statement-breakpoint
CREATE INDEX "matches_user1_idx" ON "matches" USING btree ("user1_id");--> statement-breakpoint
CREATE INDEX "matches_user2_idx" ON "matches" USING btree ("user2_id");--> statement-breakpoint
CREATE INDEX "matches_user3_idx" ON "matches" USING btree ("user3_id");--> statement-breakpoint
CREATE INDEX "matches_pairing_idx" ON "matches" USING btree ("pairing_id");--> statement-breakpoint
CREATE INDEX "newsletter_deliveries_state_idx" ON "newsletter_deliveries" USING btree ("newsletter_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "pairings_one_active_per_scope" ON "pairings" USING btree ("scope_key","month","group_number") WHERE "pairings"."status" = 'active';--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));