ALTER TABLE "round_settings" ADD COLUMN "saved_at" timestamp with time zone;--> statement-breakpoint
-- An install already past its launch chose its schedule then: its rows count as saved.
UPDATE "round_settings" SET "saved_at" = "updated_at"
WHERE EXISTS (SELECT 1 FROM "settings" WHERE "key" = 'launch_invited')
   OR EXISTS (SELECT 1 FROM "newsletters" WHERE "kind" = 'launch');
