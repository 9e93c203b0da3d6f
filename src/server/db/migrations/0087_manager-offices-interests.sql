-- Each person's own rules (docs/profile.md): their manager (from SCIM, the roster sync or the
-- admin) and their shared-interest tags (names from interest_tags).
ALTER TABLE "users" ADD COLUMN "manager_id" uuid REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "interests" text[] NOT NULL DEFAULT '{}';
--> statement-breakpoint
CREATE INDEX "users_manager_idx" ON "users" ("manager_id") WHERE "manager_id" IS NOT NULL;
--> statement-breakpoint
-- The offices a person picks from (docs/profile.md, "How we meet"): their group's list, or the
-- company-wide list (domain_group_id null) when their address belongs to no group.
CREATE TABLE "offices" (
  "id" serial PRIMARY KEY,
  "domain_group_id" integer REFERENCES "domain_groups"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "offices_group_name_unique" UNIQUE NULLS NOT DISTINCT ("domain_group_id", "name")
);
--> statement-breakpoint
-- The company's interest tags (docs/profile.md, "Shared interests"): accepted ones are offered,
-- suggested ones wait for the admin.
CREATE TABLE "interest_tags" (
  "id" serial PRIMARY KEY,
  "name" text NOT NULL,
  "accepted" boolean NOT NULL DEFAULT false,
  "suggested_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "interest_tags_name_unique" ON "interest_tags" (lower("name"));
