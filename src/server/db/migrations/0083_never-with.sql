-- A person's private "never with" list (docs/profile.md, "Never with"): the pairing never
-- matches user_id with other_id, in either direction. Only its owner reads it.
CREATE TABLE "never_with" (
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "other_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "added_at" timestamp with time zone NOT NULL,
  PRIMARY KEY ("user_id", "other_id")
);
--> statement-breakpoint
CREATE INDEX "never_with_other_idx" ON "never_with" ("other_id");
