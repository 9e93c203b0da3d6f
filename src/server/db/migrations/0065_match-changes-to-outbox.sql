-- A match change's e-mails go through the outbox (docs/mail.md): the ones still waiting in the
-- newsletter delivery ledger move to outgoing_messages, and the ledger's match-change sends close.
-- A re-pair's announcement queued before this names no partners, so it goes as the short
-- "your match has changed" e-mail with its sentence of news.
INSERT INTO "outgoing_messages" ("kind", "recipient", "data", "mail_transport", "next_attempt_at", "created_at")
SELECT 'match-change', d."recipient_email",
  CASE WHEN spec->>'via' = 'match'
    THEN jsonb_strip_nulls(jsonb_build_object(
      'via', 'plain', 'userId', spec->'userId', 'subject', spec->'subject', 'title', spec->'title',
      'lines', jsonb_build_array(spec->'news'), 'calendar', spec->'calendar'))
    ELSE spec - 'email'
  END,
  n."mail_transport", now(), d."created_at"
FROM "newsletter_deliveries" d
JOIN "newsletters" n ON n."id" = d."newsletter_id"
CROSS JOIN LATERAL (
  SELECT s AS spec FROM jsonb_array_elements(coalesce(n."mails", '[]')::jsonb) s
  WHERE s->>'email' = d."recipient_email" LIMIT 1
) m
WHERE n."kind" = 'match-change' AND d."state" IN ('pending', 'sending');
--> statement-breakpoint
DELETE FROM "newsletter_deliveries" d USING "newsletters" n
WHERE n."id" = d."newsletter_id" AND n."kind" = 'match-change' AND d."state" IN ('pending', 'sending');
--> statement-breakpoint
UPDATE "newsletters" SET "status" = 'sent', "sent_at" = coalesce("sent_at", now())
WHERE "kind" = 'match-change' AND "status" = 'sending';
