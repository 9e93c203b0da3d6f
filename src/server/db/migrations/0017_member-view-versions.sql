CREATE TABLE "member_view_versions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "view_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "view_version_one_row" CHECK ("view_version"."id" = 1)
);
--> statement-breakpoint
INSERT INTO "view_version" ("id", "version") VALUES (1, 1);
--> statement-breakpoint
-- The people whose view of their matches changed, each bumped once, in id order so two
-- transactions bumping overlapping people lock them in the same order (no deadlock).
CREATE FUNCTION bump_member_views(people uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO member_view_versions (user_id)
  SELECT DISTINCT p FROM unnest(people) AS p WHERE p IS NOT NULL ORDER BY p
  ON CONFLICT (user_id) DO UPDATE SET version = member_view_versions.version + 1;
$$;
--> statement-breakpoint
-- Everyone in the given matches, and the given people (members that just left a match).
CREATE FUNCTION bump_match_views(match_ids integer[], people uuid[]) RETURNS void LANGUAGE sql AS $$
  SELECT bump_member_views(array(
    SELECT mm.user_id FROM match_members mm WHERE mm.match_id = ANY(match_ids)
    UNION SELECT unnest(people)));
$$;
--> statement-breakpoint
CREATE FUNCTION match_members_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM bump_match_views(array(SELECT match_id FROM new_rows), array(SELECT user_id FROM new_rows));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM bump_match_views(
      array(SELECT match_id FROM new_rows UNION SELECT match_id FROM old_rows),
      array(SELECT user_id FROM old_rows));
  ELSE
    PERFORM bump_match_views(array(SELECT match_id FROM old_rows), array(SELECT user_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER match_members_inserted AFTER INSERT ON match_members
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION match_members_changed();
--> statement-breakpoint
CREATE TRIGGER match_members_updated AFTER UPDATE ON match_members
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION match_members_changed();
--> statement-breakpoint
CREATE TRIGGER match_members_deleted AFTER DELETE ON match_members
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION match_members_changed();
--> statement-breakpoint
CREATE FUNCTION matches_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_match_views(array(SELECT id FROM new_rows), '{}');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER matches_updated AFTER UPDATE ON matches
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION matches_changed();
--> statement-breakpoint
CREATE FUNCTION pairings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_match_views(
    array(SELECT m.id FROM matches m WHERE m.pairing_id IN (
      SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.status IS DISTINCT FROM n.status)),
    '{}');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER pairings_updated AFTER UPDATE ON pairings
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pairings_changed();
--> statement-breakpoint
-- A person's public profile is part of their partners' views.
CREATE FUNCTION users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed uuid[];
BEGIN
  changed := array(SELECT n.id FROM new_rows n JOIN old_rows o ON o.id = n.id
    WHERE (o.first_name, o.last_name, o.email, o.department, o.bio, o.profile_image_url)
      IS DISTINCT FROM (n.first_name, n.last_name, n.email, n.department, n.bio, n.profile_image_url));
  IF cardinality(changed) > 0 THEN
    PERFORM bump_match_views(
      array(SELECT mm.match_id FROM match_members mm WHERE mm.user_id = ANY(changed)), changed);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_updated AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION users_changed();
--> statement-breakpoint
-- Department names and whitelist groups decide the department everyone's partners show.
CREATE FUNCTION everyone_view_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE view_version SET version = version + 1 WHERE id = 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER departments_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON departments
  FOR EACH STATEMENT EXECUTE FUNCTION everyone_view_changed();
--> statement-breakpoint
CREATE TRIGGER allowed_emails_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON allowed_emails
  FOR EACH STATEMENT EXECUTE FUNCTION everyone_view_changed();
