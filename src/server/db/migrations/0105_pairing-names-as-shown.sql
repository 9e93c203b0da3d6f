-- A pairing is stored under the name every screen shows (`readablePairingName`,
-- docs/pairings.md "Completing and the pairing files"): "March 2027 – Acme Corp", the run's letter
-- for a later run of the month ("March 2027 (run B) – Acme Corp"), "– All Users" for the
-- company-wide scope only when the company has a domain group, else the month alone. Older rows
-- said "March 2027 — Acme Corp"; they, their completed records and those records' own `name` are
-- renamed as the pages name them today. A run's letters as `runLetter` writes them (A…Z, AA…ZZ).
CREATE FUNCTION pg_temp.shown_pairing_name(month text, run integer, group_name text, has_groups boolean)
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT to_char(to_date(month, 'YYYY-MM'), 'FMMonth YYYY')
    || CASE
         WHEN run <= 1 THEN ''
         WHEN run <= 26 THEN ' (run ' || chr(64 + run) || ')'
         ELSE ' (run ' || chr(64 + (run - 1) / 26) || chr(65 + (run - 1) % 26) || ')'
       END
    || COALESCE(' – ' || COALESCE(group_name, CASE WHEN has_groups THEN 'All Users' END), '')
$$;
--> statement-breakpoint
UPDATE "pairings" SET "name" = pg_temp.shown_pairing_name(
  "month", "run_of_month", "domain_group_name", EXISTS (SELECT 1 FROM "domain_groups"));
--> statement-breakpoint
UPDATE "completed_pairings" SET
  "name" = pg_temp.shown_pairing_name(
    "month", "run_of_month", "domain_group_name", EXISTS (SELECT 1 FROM "domain_groups")),
  "content" = jsonb_set("content", '{name}', to_jsonb(pg_temp.shown_pairing_name(
    "month", "run_of_month", "domain_group_name", EXISTS (SELECT 1 FROM "domain_groups"))), false);
--> statement-breakpoint
DROP FUNCTION pg_temp.shown_pairing_name(text, integer, text, boolean);
