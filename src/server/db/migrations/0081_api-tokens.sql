-- API tokens of the admin API (docs/api.md, "API tokens"): only the token's SHA-256 is kept.
CREATE TABLE "api_tokens" (
  "id" serial PRIMARY KEY NOT NULL,
  "name" text NOT NULL,
  "token_hash" text NOT NULL,
  "start" text NOT NULL,
  "scope" text NOT NULL,
  "created_by" uuid NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "revoked_at" timestamp with time zone,
  "last_used_at" timestamp with time zone,
  CONSTRAINT "api_tokens_token_hash_unique" UNIQUE("token_hash"),
  CONSTRAINT "api_tokens_scope_check" CHECK ("scope" in ('read', 'admin'))
);
--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
