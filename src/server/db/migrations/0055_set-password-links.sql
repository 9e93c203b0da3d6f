ALTER TABLE "password_reset_tokens" ADD COLUMN "purpose" text DEFAULT 'reset' NOT NULL;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_purpose_check" CHECK ("password_reset_tokens"."purpose" in ('invite', 'reset'));--> statement-breakpoint
ALTER TABLE "sign_in_mails" ADD COLUMN "password_reset_token_id" integer;--> statement-breakpoint
ALTER TABLE "sign_in_mails" ADD CONSTRAINT "sign_in_mails_password_reset_token_id_password_reset_tokens_id_fk" FOREIGN KEY ("password_reset_token_id") REFERENCES "public"."password_reset_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_mails" DROP CONSTRAINT "sign_in_mails_one_secret";--> statement-breakpoint
ALTER TABLE "sign_in_mails" ADD CONSTRAINT "sign_in_mails_one_secret" CHECK (num_nonnulls("sign_in_mails"."auth_code_id", "sign_in_mails"."magic_link_token_id", "sign_in_mails"."password_reset_token_id") = 1);
