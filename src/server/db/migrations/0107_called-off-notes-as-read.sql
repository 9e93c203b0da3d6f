-- A round called off in a catch-up names the round that came due as people read its month
-- (`calledOffNote`, docs/rounds.md "Catch-up"): "Called off: the June 2027 round came due first."
-- Older steps said "the 2027-06 round"; they are written again the same way.
UPDATE "round_steps"
SET "note" = 'Called off: the '
  || to_char(to_date(substring("note" from '^Called off: the ([0-9]{4}-[0-9]{2}) round'), 'YYYY-MM'), 'FMMonth YYYY')
  || ' round came due first.'
WHERE "note" ~ '^Called off: the [0-9]{4}-(0[1-9]|1[0-2]) round came due first\.$';
