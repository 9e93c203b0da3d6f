-- The way to meet, kept from the HR import for someone who has not signed up yet, like the office
-- (docs/admin-console.md, "Adding the company at once").
ALTER TABLE "allowed_emails" ADD COLUMN "meet_way" text;
