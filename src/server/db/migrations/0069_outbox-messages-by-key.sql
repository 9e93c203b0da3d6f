-- A round's short announcement goes through the outbox (docs/mail.md): its messages share the
-- kind and once key of their announcement, and its send is finished once none of them is pending,
-- so they are found by (kind, once_key). Announcements the ledger had queued before are left to
-- drain there (docs/mail.md, "Moving a ledger kind here").
CREATE INDEX IF NOT EXISTS "outgoing_messages_key_idx" ON "outgoing_messages" USING btree ("kind", "once_key");
