import { Writable } from "node:stream";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../../clock";
import { authCodes, signInMails } from "../../db/schema";
import { allowEmail, createUser } from "../../test/factories";
import { setUpAppWithSmtpPeer } from "../../test/smtp-app";
import type { SmtpPeer } from "../../test/smtp-peer";
import type { TestApp } from "../../test/test-app";
import { post, sessionCookie } from "../test-helpers";

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
const queued = async (email: string) =>
  t.db.select().from(signInMails).where(eq(signInMails.email, email));

describe("sign-in mail leaves the request path", () => {
  it("answers before the code is sent; the code arrives later and signs the person in", async () => {
    const email = address();
    const answer = await post(t, "/api/auth/send-code", { email });
    expect(answer.statusCode).toBe(200);
    expect(peer.messages.filter((m) => m.to.includes(email))).toHaveLength(0);

    const mail = await peer.waitForMessage((m) => m.to.includes(email));
    const verified = await post(t, "/api/auth/verify-code", { email, code: codeIn(mail.text) });
    expect(verified.statusCode).toBe(200);
    expect(sessionCookie(verified)).toBeDefined();
    await t.signInMail.settled();
    expect(await queued(email)).toEqual([]);
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
      await t.signInMail.settled();
    }
    const mailsTo = (email: string) => peer.messages.filter((m) => m.to.includes(email)).length;
    expect(emails.map(mailsTo)).toEqual([2, 0, 2]);
    expect(logLines.join("")).toContain(
      `No sign-in link sent to ${deactivated}: the account is deactivated.`,
    );
  });

  it("sends a magic link the same way, and the link signs the person in", async () => {
    const email = address();
    expect((await post(t, "/api/auth/magic-link", { email })).statusCode).toBe(200);
    const mail = await peer.waitForMessage((m) => m.to.includes(email));
    const token = mail.text.match(/\/magic-auth\?token=([\w-]+)>/)?.[1];
    const verified = await post(t, "/api/auth/magic-link/verify", { token });
    expect(verified.statusCode).toBe(200);
  });

  it("tries again with backoff while the mail server defers the message", async () => {
    const email = address();
    peer.rejectRecipients((a) => a === email, 451, 2);
    await post(t, "/api/auth/send-code", { email });
    await t.signInMail.settled();
    expect((await queued(email))[0]).toMatchObject({ attempts: 1, claimedUntil: null });
    for (let i = 0; i < 2; i++) {
      clock.advance(30_000);
      await t.signInMail.settled();
    }
    const mail = await peer.waitForMessage((m) => m.to.includes(email));
    const verified = await post(t, "/api/auth/verify-code", { email, code: codeIn(mail.text) });
    expect(verified.statusCode).toBe(200);
  });

  it("withdraws a code the mail server refuses, so asking again is not held back", async () => {
    const email = address();
    peer.rejectRecipients((a) => a === email, 550, 1);
    await post(t, "/api/auth/send-code", { email });
    await t.signInMail.settled();
    expect(await queued(email)).toEqual([]);
    expect(await t.db.select().from(authCodes).where(eq(authCodes.email, email))).toEqual([]);
    expect(logLines.join("")).toContain(`sign-in code to ${email} not sent after 1 tries`);

    const again = await post(t, "/api/auth/send-code", { email });
    expect(again.statusCode).toBe(200);
    await peer.waitForMessage((m) => m.to.includes(email));
  });

  it("drops a mail the server never took within ten minutes, and never logs its code", async () => {
    const email = address();
    await peer.stop();
    try {
      await post(t, "/api/auth/send-code", { email });
      await t.signInMail.settled();
      const [row] = await queued(email);
      expect(row.attempts).toBe(1);
      clock.advance(10 * 60_000 + 1);
      await t.signInMail.settled();
      expect(await queued(email)).toEqual([]);
      expect(await t.db.select().from(authCodes).where(eq(authCodes.email, email))).toEqual([]);
      const log = logLines.join("");
      expect(log).toContain(`Sign-in mail to ${email} dropped: not sent within its time.`);
      expect(log).not.toContain(row.secret);
    } finally {
      await peer.restart();
    }
  });
});
