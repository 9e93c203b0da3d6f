import { Writable } from "node:stream";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { post, sessionCookie } from "../auth/test-helpers";
import { fixedClock } from "../clock";
import { authCodes, magicLinkTokens, outgoingMessages } from "../db/schema";
import { allowEmail, createUser } from "../test/factories";
import { setUpAppWithSmtpPeer } from "../test/smtp-app";
import type { SmtpPeer } from "../test/smtp-peer";
import type { TestApp } from "../test/test-app";

// docs/sign-in.md, "No account-state oracle", and docs/mail.md, "Urgent kinds": sign-in mail
// leaves the request through the outbox's urgent lane.
const clock = fixedClock("2027-03-01T10:00:00Z");
const logLines: string[] = [];
let peer: SmtpPeer;
let t: TestApp;
let n = 0;

const stream = new Writable({
  write(chunk, _encoding, done) {
    logLines.push(String(chunk));
    done();
  },
});
// Each message is answered 1.5 s after it arrived: the SMTP peer holds the connection.
setUpAppWithSmtpPeer(
  { clock, logger: { level: "warn", stream }, peer: { delayMs: 1500 } },
  (app) => ({ t, peer } = app),
);
beforeAll(async () => {
  await allowEmail(t.db, "*@queue.test");
});

const address = () => `person${++n}@queue.test`;
const codeIn = (text: string) => text.match(/\b(\d{6})\b/)?.[1] ?? "";
/** A recipient's messages in the order they were queued (without an order the plan decides it). */
const queued = (email: string) =>
  t.db
    .select()
    .from(outgoingMessages)
    .where(eq(outgoingMessages.recipient, email))
    .orderBy(asc(outgoingMessages.id));
const codesOf = (email: string) => t.db.select().from(authCodes).where(eq(authCodes.email, email));
const mailsTo = (email: string) => peer.messages.filter((m) => m.to.includes(email));

describe("sign-in mail leaves the request path", () => {
  it("answers before the code is sent; the code arrives later and signs the person in", async () => {
    const email = address();
    const answer = await post(t, "/api/auth/send-code", { email });
    expect(answer.statusCode).toBe(200);
    expect(mailsTo(email)).toHaveLength(0);

    const mail = await peer.waitForMessage((m) => m.to.includes(email));
    const verified = await post(t, "/api/auth/verify-code", { email, code: codeIn(mail.text) });
    expect(verified.statusCode).toBe(200);
    expect(sessionCookie(verified)).toBeDefined();
    await t.urgentDelivery.settled();
    const [row] = await queued(email);
    expect(row).toMatchObject({ kind: "sign-in-code", urgent: true, state: "sent" });
    // The sent row keeps no code.
    expect(row.data).not.toHaveProperty("secret");
    expect(JSON.stringify(row.data)).not.toContain(codeIn(mail.text));
  });

  it("answers active, deactivated and never-registered addresses alike before any mail goes out", async () => {
    const active = (await createUser(t.db, { email: address() })).email;
    const deactivated = (await createUser(t.db, { email: address(), isActive: false })).email;
    const unknown = address();
    const emails = [active, deactivated, unknown];
    for (const route of ["/api/auth/send-code", "/api/auth/magic-link"]) {
      clock.advance(61_000);
      const before = peer.messages.length;
      const answers = await Promise.all(emails.map((email) => post(t, route, { email })));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(answers.map((a) => a.body)).size).toBe(1);
      expect(peer.messages.slice(before)).toEqual([]);
      await t.urgentDelivery.settled();
    }
    expect(emails.map((email) => mailsTo(email).length)).toEqual([2, 0, 2]);
    expect(logLines.join("")).toContain(
      `No sign-in link sent to ${deactivated}: the account is deactivated.`,
    );
    // Withheld, not withdrawn: the deactivated account's code holds the next request back as
    // an active account's does.
    expect(await queued(deactivated)).toMatchObject([
      { state: "failed", errorCode: "EWITHHELD" },
      { state: "failed", errorCode: "EWITHHELD" },
    ]);
    expect(await codesOf(deactivated)).toHaveLength(1);
  });

  it("sends a magic link the same way, and the link signs the person in", async () => {
    const email = address();
    expect((await post(t, "/api/auth/magic-link", { email })).statusCode).toBe(200);
    const mail = await peer.waitForMessage((m) => m.to.includes(email));
    const token = mail.text.match(/\/magic-auth\?token=([\w-]+)>/)?.[1];
    const verified = await post(t, "/api/auth/magic-link/verify", { token });
    expect(verified.statusCode).toBe(200);
  });

  it("tries again within seconds while the mail server defers the message", async () => {
    const email = address();
    peer.rejectRecipients((a) => a === email, 451, 2);
    await post(t, "/api/auth/send-code", { email });
    await t.urgentDelivery.settled();
    const [deferred] = await queued(email);
    expect(deferred).toMatchObject({ state: "pending", attempts: 1, claimedUntil: null });
    expect(deferred.nextAttemptAt.getTime() - clock.now().getTime()).toBeLessThanOrEqual(8000);
    // Logged at once, not only when it fails for good; without the address.
    const log = logLines.join("");
    expect(log).toMatch(
      new RegExp(
        `the sign-in-code message ${deferred.id} was not sent \\(attempt 1\\): \\S+ .*; next try in \\d+ s`,
      ),
    );
    expect(log).not.toContain(email);
    for (let i = 0; i < 2; i++) {
      clock.advance(8_000);
      await t.urgentDelivery.settled();
    }
    const mail = await peer.waitForMessage((m) => m.to.includes(email));
    const verified = await post(t, "/api/auth/verify-code", { email, code: codeIn(mail.text) });
    expect(verified.statusCode).toBe(200);
  });

  it("withdraws a code the mail server refuses, so asking again is not held back", async () => {
    const email = address();
    peer.rejectRecipients((a) => a === email, 550, 1);
    await post(t, "/api/auth/send-code", { email });
    await t.urgentDelivery.settled();
    const [refused] = await queued(email);
    expect(refused).toMatchObject({ state: "failed", attempts: 1, errorCode: "EENVELOPE" });
    expect(await codesOf(email)).toEqual([]);
    expect(logLines.join("")).toContain(`the sign-in-code message ${refused.id} failed: EENVELOPE`);

    const again = await post(t, "/api/auth/send-code", { email });
    expect(again.statusCode).toBe(200);
    await peer.waitForMessage((m) => m.to.includes(email));
  });
});

describe("a mail-server outage and sign-in mail", () => {
  it("sends a code asked for while the server is down once it is back, and only once", async () => {
    const email = address();
    await peer.stop();
    try {
      expect((await post(t, "/api/auth/send-code", { email })).statusCode).toBe(200);
      await t.urgentDelivery.settled();
      const [waiting] = await queued(email);
      expect(waiting).toMatchObject({ state: "pending", attempts: 1 });
      expect(waiting.errorCode).toMatch(/^E/);
      clock.advance(60_000);
      await t.urgentDelivery.settled();
    } finally {
      await peer.restart();
    }
    clock.advance(8_000);
    const mail = await peer.waitForMessage((m) => m.to.includes(email));
    await t.urgentDelivery.settled();
    expect(mailsTo(email)).toHaveLength(1);
    const verified = await post(t, "/api/auth/verify-code", { email, code: codeIn(mail.text) });
    expect(verified.statusCode).toBe(200);
    expect(await queued(email)).toMatchObject([{ state: "sent", attempts: 3 }]);
  });

  it("never sends a code or link late: after ten minutes it is dropped, withdrawn, and its secret erased", async () => {
    const email = address();
    await peer.stop();
    try {
      await post(t, "/api/auth/send-code", { email });
      clock.advance(61_000);
      await post(t, "/api/auth/magic-link", { email });
      await t.urgentDelivery.settled();
      const rows = await queued(email);
      const secrets = rows.map((row) => (row.data as { secret: string }).secret);
      expect(secrets).toHaveLength(2);
      clock.advance(10 * 60_000);
      await t.urgentDelivery.settled();
      expect(await queued(email)).toMatchObject([
        { kind: "sign-in-code", state: "failed", errorCode: "EEXPIRED" },
        { kind: "magic-link", state: "failed", errorCode: "EEXPIRED" },
      ]);
      expect((await queued(email)).map((row) => row.data)).not.toContainEqual(
        expect.objectContaining({ secret: expect.anything() }),
      );
      expect(await codesOf(email)).toEqual([]);
      expect(
        await t.db.select().from(magicLinkTokens).where(eq(magicLinkTokens.email, email)),
      ).toEqual([]);
      const log = logLines.join("");
      expect(log).toMatch(/the sign-in-code message \d+ failed: EEXPIRED/);
      for (const secret of secrets) expect(log).not.toContain(secret);
    } finally {
      await peer.restart();
    }
    await t.urgentDelivery.settled();
    const later = await post(t, "/api/auth/send-code", { email });
    expect(later.statusCode).toBe(200);
    await peer.waitForMessage((m) => m.to.includes(email));
    await t.urgentDelivery.settled();
    expect(mailsTo(email)).toHaveLength(1);
    const pending = await t.db
      .select()
      .from(outgoingMessages)
      .where(and(eq(outgoingMessages.recipient, email), eq(outgoingMessages.state, "pending")));
    expect(pending).toEqual([]);
  });
});
