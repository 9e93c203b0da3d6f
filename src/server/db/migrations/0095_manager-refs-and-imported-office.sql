-- A manager named before their account exists (docs/profile.md, "Never with my manager"): the
-- reference as given (an address from the HR import, a SCIM externalId or userName), resolved to
-- manager_id when that person's account is made.
ALTER TABLE "users" ADD COLUMN "manager_ref" text;
--> statement-breakpoint
CREATE INDEX "users_manager_ref_idx" ON "users" ("manager_ref") WHERE "manager_ref" IS NOT NULL;
--> statement-breakpoint
-- Kept from the HR import for someone who has not signed up yet, like the name and department.
ALTER TABLE "allowed_emails" ADD COLUMN "manager_email" text;
--> statement-breakpoint
ALTER TABLE "allowed_emails" ADD COLUMN "office" text;
