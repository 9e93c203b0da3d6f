-- The current match's view also shows its booked time (docs/matches.md, "Booking a time"): a
-- booking, a move or a cancelled event marks the view of every member stale, not only the booker's.
CREATE FUNCTION match_calendar_events_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM bump_match_views(array(SELECT match_id FROM old_rows), '{}');
  ELSE
    PERFORM bump_match_views(array(SELECT match_id FROM new_rows), '{}');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER match_calendar_events_inserted AFTER INSERT ON match_calendar_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION match_calendar_events_changed();
--> statement-breakpoint
CREATE TRIGGER match_calendar_events_updated AFTER UPDATE ON match_calendar_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION match_calendar_events_changed();
--> statement-breakpoint
CREATE TRIGGER match_calendar_events_deleted AFTER DELETE ON match_calendar_events
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION match_calendar_events_changed();
