import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterKinds } from "../../shared/enums";
import { databaseMigratedBefore } from "../test/migrated-before";

// Migrations 0065 (match changes), 0067 (the launch invitation and invitations) and 0070
// (newsletters and round announcements) move what the old delivery ledger still had waiting to
// the outbox (docs/mail.md, "Moving a ledger kind here"): after them no delivery of any kind a
// newsletter row can have waits in the ledger, so a send's finish reads the outbox alone.

const TRANSPORT = "smtp://mail.acme.test:587";

describe("migrations 0065, 0067 and 0070: the ledger drained", () => {
  let database: Awaited<ReturnType<typeof databaseMigratedBefore>>;

  beforeAll(async () => {
    database = await databaseMigratedBefore(65);
    for (const [i, kind] of newsletterKinds.entries()) {
      const waiting = ["pending", "sending"].map((state) => `${kind}-${state}@acme.test`);
      // A match change's ledger send kept each person's e-mail in `mails`.
      const mails = waiting.map((email) => ({
        email,
        via: "plain",
        userId: "00000000-0000-4000-8000-000000000001",
        subject: "Your match has changed",
        title: "Your match has changed",
        lines: ["Ben is away."],
      }));
      const { rows } = await database.client.query<{ id: number }>(
        `insert into newsletters (kind, title, month, year, status, mail_transport, mails)
         values ($1, $1, $2, 2027, 'sending', $3, $4::jsonb) returning id`,
        [kind, i + 1, TRANSPORT, JSON.stringify(mails)],
      );
      for (const state of ["pending", "sending", "sent"]) {
        await database.client.query(
          `insert into newsletter_deliveries (newsletter_id, recipient_email, state, attempts)
           values ($1, $2, $3, 1)`,
          [rows[0].id, `${kind}-${state}@acme.test`, state],
        );
      }
    }
    await database.migrateTheRest();
  }, 120_000);
  afterAll(() => database.close());

  it("leaves no delivery waiting in the ledger, whatever its newsletter's kind", async () => {
    const { rows } = await database.client.query<{ recipient_email: string; state: string }>(
      "select recipient_email, state from newsletter_deliveries order by recipient_email",
    );
    expect(rows).toEqual(
      [...newsletterKinds]
        .sort()
        .map((kind) => ({ recipient_email: `${kind}-sent@acme.test`, state: "sent" })),
    );
  });

  it("queues each waiting delivery in the outbox instead", async () => {
    const { rows } = await database.client.query<{ recipient: string }>(
      "select recipient from outgoing_messages where state = 'pending' order by recipient",
    );
    const waiting = newsletterKinds.flatMap((kind) =>
      ["pending", "sending"].map((state) => `${kind}-${state}@acme.test`),
    );
    expect(rows.map((r) => r.recipient)).toEqual(waiting.sort());
  });
});
