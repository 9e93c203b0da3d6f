-- Newsletters go through the outbox (docs/mail.md, "Moving a ledger kind here"): the deliveries
-- still waiting in the newsletter delivery ledger, of a newsletter or of a round's announcement
-- queued there by an earlier release, move to outgoing_messages as messages of kind `newsletter`
-- (one per newsletter and address: once key `newsletter-{id}`), over the transport their send
-- was started with, keeping their attempts and the start of an outage. One held by a process at
-- the upgrade goes again (the ledger's bound on duplicates). Their send stays `sending` and is
-- sealed by the outbox's delivery job; the ledger keeps the ended deliveries, which old logs read.
INSERT INTO "outgoing_messages"
  ("kind", "recipient", "data", "once_key", "mail_transport", "attempts", "next_attempt_at",
   "first_failed_at", "error_code", "error_message", "created_at")
SELECT 'newsletter', d."recipient_email",
  jsonb_build_object('newsletterId', d."newsletter_id", 'userId', d."user_id",
    'matchEmail', d."match_email"),
  'newsletter-' || d."newsletter_id", coalesce(n."mail_transport", 'outbox'), d."attempts",
  coalesce(d."next_attempt_at", now()), d."failing_since", d."error_code", d."error_text",
  d."created_at"
FROM "newsletter_deliveries" d
JOIN "newsletters" n ON n."id" = d."newsletter_id"
WHERE n."kind" IN ('newsletter', 'announcement') AND d."state" IN ('pending', 'sending')
ON CONFLICT DO NOTHING;
--> statement-breakpoint
DELETE FROM "newsletter_deliveries" d USING "newsletters" n
WHERE n."id" = d."newsletter_id" AND n."kind" IN ('newsletter', 'announcement')
  AND d."state" IN ('pending', 'sending');
