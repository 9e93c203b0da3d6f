import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseMigratedBefore } from "../test/migrated-before";

// Migration 0085 (decision 0072) moves the chat ledger's rows into the one table of outgoing
// messages: a waiting Slack message and webhook call keep their key, lane and retry state, one in
// flight stays claimed under its lease, and the send log keeps what was sent.

describe("migration 0085: chat deliveries in the one table", () => {
  let database: Awaited<ReturnType<typeof databaseMigratedBefore>>;

  beforeAll(async () => {
    database = await databaseMigratedBefore(85);
    const { rows } = await database.client.query<{ id: number }>(
      `insert into webhook_endpoints (url, events, secret)
       values ('https://hooks.acme.test/in', '["person.left"]'::jsonb, 'whsec_x') returning id`,
    );
    const endpoint = rows[0].id;
    await database.client.query(
      `insert into chat_deliveries (channel, kind, dedupe_key, payload, endpoint_id, state, attempts,
         next_attempt_at, failing_since, claimed_by, lease_expires_at, error, sent_at, created_at)
       values
         ('webhook', 'event', 'webhook:k1', '{"type":"person.left"}', $1, 'pending', 2,
          '2027-03-01T10:00:00Z', '2027-03-01T09:00:00Z', null, null, 'The receiver answered 503.',
          null, '2027-03-01T08:00:00Z'),
         ('slack', 'intro', 'slack:intro:match-1', '{"starter":"Hi"}', null, 'sending', 1,
          null, null, 'host:1:abc', '2027-03-01T09:01:00Z', null, null, '2027-03-01T08:00:00Z'),
         ('slack', 'nudge', 'slack:nudge:match-2', '{}', null, 'sent', 1,
          null, null, null, null, null, '2027-03-01T08:30:00Z', '2027-03-01T08:00:00Z')`,
      [endpoint],
    );
    await database.migrateTheRest();
  }, 120_000);
  afterAll(() => database.close());

  it("moves every row with its key, lane and state, and drops the old table", async () => {
    const { rows } = await database.client.query<Record<string, unknown>>(
      `select channel, lane, kind, recipient, once_key, state, attempts, claimed_by,
         error_message, first_failed_at is not null as failing, claimed_until is not null as claimed,
         next_attempt_at is not null as due, sent_at is not null as sent
       from outgoing_messages order by id`,
    );
    const webhookLane = (rows[0].lane as string) ?? "";
    expect(webhookLane).toMatch(/^webhook:\d+$/);
    expect(rows).toEqual([
      {
        channel: "webhook",
        lane: webhookLane,
        kind: "event",
        recipient: webhookLane,
        once_key: "webhook:k1",
        state: "pending",
        attempts: 2,
        claimed_by: null,
        error_message: "The receiver answered 503.",
        failing: true,
        claimed: false,
        due: true,
        sent: false,
      },
      {
        channel: "slack",
        lane: "slack",
        kind: "intro",
        recipient: "slack",
        once_key: "slack:intro:match-1",
        state: "pending",
        attempts: 1,
        claimed_by: "host:1:abc",
        error_message: null,
        failing: false,
        claimed: true,
        due: true,
        sent: false,
      },
      {
        channel: "slack",
        lane: "slack",
        kind: "nudge",
        recipient: "slack",
        once_key: "slack:nudge:match-2",
        state: "sent",
        attempts: 1,
        claimed_by: null,
        error_message: null,
        failing: false,
        claimed: false,
        due: true,
        sent: true,
      },
    ]);
    const { rows: tables } = await database.client.query(
      "select 1 from information_schema.tables where table_name = 'chat_deliveries'",
    );
    expect(tables).toEqual([]);
  });
});
