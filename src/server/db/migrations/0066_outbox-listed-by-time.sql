-- The Email Send Logs' automatic e-mails read the outbox's last days newest first
-- (docs/newsletters.md, "Send logs").
CREATE INDEX "outgoing_messages_created_idx" ON "outgoing_messages" USING btree ("created_at","id");
