-- One word per concept (docs/architecture.md, "Words"): a round draft holds matches, not groups
-- (a group is a domain group). The column is renamed, its rows kept.
ALTER TABLE "round_drafts" RENAME COLUMN "groups" TO "matches";
