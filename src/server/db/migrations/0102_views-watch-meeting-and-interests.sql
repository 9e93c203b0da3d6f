-- A kept match view also says how the match meets and what its members share (docs/matches.md):
-- an edit of a member's way to meet, office or interests marks it stale like a name change.
CREATE OR REPLACE FUNCTION users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  changed := array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (o.first_name, o.last_name, o.email, o.department, o.bio, o.profile_image_url, o.meet_way, o.office, o.interests)
      IS DISTINCT FROM (n.first_name, n.last_name, n.email, n.department, n.bio, n.profile_image_url, n.meet_way, n.office, n.interests));
  IF cardinality(changed) > 0 THEN
    PERFORM bump_match_views(
      array(SELECT mm.match_id FROM match_members mm WHERE mm.user_id = ANY(changed)), changed);
  END IF;
  RETURN NULL;
END $$;
