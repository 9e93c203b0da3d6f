-- The admin's current-pairings pages walk one pairing's matches in id order (keyset paging,
-- src/server/pairings/current/current-pairings.ts); (pairing_id, id) serves that walk, the
-- per-pairing counts (index-only) and every lookup by pairing the old index served.
CREATE INDEX "matches_pairing_id_idx" ON "matches" USING btree ("pairing_id","id");--> statement-breakpoint
DROP INDEX "matches_pairing_idx";
