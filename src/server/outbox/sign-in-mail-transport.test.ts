import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { post } from "../auth/test-helpers";
import { fixedClock } from "../clock";
import type { Database } from "../db/client";
import { outgoingMessages } from "../db/schema";
import { allowEmail } from "../test/factories";
import { type SmtpPeer, startSmtpPeer } from "../test/smtp-peer";
import { createTestApp, type TestApp } from "../test/test-app";
import { createTestDatabase } from "../test/test-database";

const clock = fixedClock("2027-03-01T10:00:00Z");
let database: Database;
let peer: SmtpPeer;
let withSmtp: TestApp;
let withoutSmtp: TestApp;

beforeAll(async () => {
  database = await createTestDatabase();
  peer = await startSmtpPeer();
  // The SMTP process looks at the queue only when told to, so the other one has every chance.
  withSmtp = await createTestApp({
    clock,
    database,
    smtpUrl: peer.url,
    urgentDelivery: { pollMs: 600_000 },
  });
  withoutSmtp = await createTestApp({ clock, database });
  await allowEmail(database.db, "*@transport.test");
});
afterAll(async () => {
  await withSmtp.close();
  await withoutSmtp.close();
  await peer.close();
  await database.close();
});

describe("two app processes on one database with different mail transports", () => {
  it("leaves a sign-in mail queued over SMTP to the process with that SMTP server", async () => {
    const email = "ada@transport.test";
    await peer.stop();
    try {
      expect((await post(withSmtp, "/api/auth/send-code", { email })).statusCode).toBe(200);
      await withSmtp.urgentDelivery.settled();
      const [queued] = await database.db
        .select()
        .from(outgoingMessages)
        .where(eq(outgoingMessages.recipient, email));
      expect(queued).toMatchObject({
        mailTransport: `smtp://127.0.0.1:${peer.port}`,
        attempts: 1,
      });

      clock.advance(60_000);
      await withoutSmtp.urgentDelivery.settled();
      expect((await withoutSmtp.outbox()).filter((m) => m.toAddress === email)).toEqual([]);
      const [still] = await database.db
        .select()
        .from(outgoingMessages)
        .where(eq(outgoingMessages.recipient, email));
      expect(still.attempts).toBe(1);
    } finally {
      await peer.restart();
    }
    await withSmtp.urgentDelivery.settled();
    await peer.waitForMessage((m) => m.to.includes(email));
  });
});
