-- The launch invitation and later invitations go through the outbox (docs/mail.md): every
-- invitation e-mail of the newsletter delivery ledger is copied to outgoing_messages with its
-- outcome (the ended ones too: when an address was last invited is read there), the ones still
-- waiting leave the ledger to be delivered by the outbox, and the ledger's sends of them close.
-- The install's one launch is recorded in settings, as the outbox's launch does.
INSERT INTO "settings" ("key", "value")
SELECT 'launch_sent', jsonb_build_object('at', to_char(min("created_at") AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
FROM "newsletters" WHERE "kind" = 'launch' HAVING count(*) > 0
ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
INSERT INTO "outgoing_messages" ("kind", "recipient", "data", "once_key", "mail_transport", "state", "attempts", "next_attempt_at", "first_failed_at", "error_code", "error_message", "sent_at", "created_at")
SELECT
  CASE WHEN n."kind" = 'launch' THEN 'launch-invitation' ELSE 'invitation' END,
  d."recipient_email",
  CASE WHEN n."kind" = 'launch' THEN '{}'::jsonb ELSE jsonb_build_object('invitedAt', i.at) END,
  CASE WHEN n."kind" = 'launch' THEN 'launch' ELSE 'invited-' || i.at END,
  n."mail_transport",
  CASE WHEN d."state" IN ('pending', 'sending') THEN 'pending' ELSE d."state" END,
  d."attempts",
  now(),
  CASE WHEN d."state" IN ('pending', 'sending') THEN d."failing_since" END,
  d."error_code",
  d."error_text",
  d."sent_at",
  d."created_at"
FROM "newsletter_deliveries" d
JOIN "newsletters" n ON n."id" = d."newsletter_id"
CROSS JOIN LATERAL (
  SELECT to_char(n."created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS at
) i
WHERE n."kind" IN ('launch', 'invitation') AND n."mail_transport" IS NOT NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM "newsletter_deliveries" d USING "newsletters" n
WHERE n."id" = d."newsletter_id" AND n."kind" IN ('launch', 'invitation')
  AND d."state" IN ('pending', 'sending');
--> statement-breakpoint
UPDATE "newsletters" SET "status" = 'sent', "sent_at" = coalesce("sent_at", now())
WHERE "kind" IN ('launch', 'invitation') AND "status" = 'sending';
