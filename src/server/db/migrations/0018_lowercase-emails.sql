-- Addresses are stored lowercased (decision 0012); the check lets the joins over every person
-- compare the column itself instead of lower(email) per row (docs/performance.md, "Pairing
-- validation at 100,000"). The unique index on lower(email) means lowering cannot collide.
UPDATE "users" SET "email" = lower("email") WHERE "email" <> lower("email");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_lowercase_check" CHECK ("users"."email" = lower("users"."email"));
