-- Who booked the match's chat at its current time (docs/scheduling.md, "Booking a time"): a
-- booking page shows it, so a second link moves the chat only when the person says so.
ALTER TABLE "match_calendar_events" ADD COLUMN "booked_by" uuid REFERENCES "users"("id") ON DELETE SET NULL;
