CREATE TABLE "sign_in_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"auth_code_id" integer,
	"magic_link_token_id" integer,
	"secret" text NOT NULL,
	"mail_transport" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claimed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_mails_one_secret" CHECK (("sign_in_mails"."auth_code_id" is null) <> ("sign_in_mails"."magic_link_token_id" is null))
);
--> statement-breakpoint
ALTER TABLE "sign_in_mails" ADD CONSTRAINT "sign_in_mails_auth_code_id_auth_codes_id_fk" FOREIGN KEY ("auth_code_id") REFERENCES "public"."auth_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_mails" ADD CONSTRAINT "sign_in_mails_magic_link_token_id_magic_link_tokens_id_fk" FOREIGN KEY ("magic_link_token_id") REFERENCES "public"."magic_link_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_mails_due_idx" ON "sign_in_mails" USING btree ("next_attempt_at");