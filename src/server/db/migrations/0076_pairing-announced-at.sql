-- When a pairing's members were first told their matches (its announcement or a newsletter of it
-- started sending): a change before then is silent, the announcement tells the final match
-- (docs/matches.md, "When a match changes"). Pairings made before this release count as told,
-- as every change to them was e-mailed before.
ALTER TABLE "pairings" ADD COLUMN "announced_at" timestamptz;
--> statement-breakpoint
UPDATE "pairings" SET "announced_at" = "created_at";
