CREATE TABLE "oidc_logins" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_auth_method_check";--> statement-breakpoint
ALTER TABLE "allowed_emails" ADD COLUMN "scim_managed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "scim_managed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "scim_user_name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "scim_external_id" text;--> statement-breakpoint
CREATE INDEX "oidc_logins_expires_idx" ON "oidc_logins" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "users_scim_external_id_idx" ON "users" USING btree ("scim_external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_scim_user_name_unique" ON "users" USING btree (lower("scim_user_name"));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_auth_method_check" CHECK ("users"."auth_method" in ('hosted', 'magic_link', 'code', 'password', 'simple', 'oidc', 'scim'));