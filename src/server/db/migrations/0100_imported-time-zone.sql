-- The time zone, kept from the HR import for someone who has not signed up yet, like the office
-- and the way to meet (docs/admin-console.md, "Adding the company at once").
ALTER TABLE "allowed_emails" ADD COLUMN "time_zone" text;
