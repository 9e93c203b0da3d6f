import nodemailer from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { mailOutbox } from "../db/schema";
import { type SmtpPeer, startSmtpPeer } from "../test/smtp-peer";
import { createTestDatabase } from "../test/test-database";
import { createMailer, MailSendError } from "./mailer";

let database: Database;
let peer: SmtpPeer;
beforeAll(async () => {
  database = await createTestDatabase();
  peer = await startSmtpPeer({ auth: { user: "mailer", pass: "s3cret pass" } });
});
afterAll(async () => {
  await peer.close();
  await database.close();
});

describe("mailer", () => {
  it("delivers HTML and plain text over SMTP with authentication", async () => {
    const mailer = createMailer({
      smtpUrl: peer.url,
      from: "Cup of Joe <joe@acme.test>",
      db: database.db,
    });
    await mailer.verify();
    await mailer.send({
      to: "ada@acme.test",
      subject: "Hello",
      html: "<p>Hi <b>Ada</b></p>",
      text: "Hi Ada",
      kind: "test",
    });
    const mail = await peer.waitForMessage((m) => m.to.includes("ada@acme.test"));
    expect(mail.subject).toBe("Hello");
    expect(mail.text.trim()).toBe("Hi Ada");
    expect(mail.html).toContain("<b>Ada</b>");
    await mailer.close();
  });

  it("builds a message in base64 whole, read by the receiver as nodemailer's own build", async () => {
    const mailer = createMailer({
      smtpUrl: peer.url,
      from: "Café Joe <joe@acme.test>",
      db: database.db,
    });
    const message = (to: string, n: number) => ({
      to,
      subject: `Ça va? ${"Le café du mois de mars, ".repeat(4)}☕`,
      html: `<p>Grüße, <b>Zoë</b></p>\n.<p>a line that starts with a dot</p>${"<p>x</p>".repeat(500)}`,
      text: "Grüße, Zoë\n.\na line with only a dot above\r\nand a bare CR\rhere",
      kind: "newsletter" as const,
      headers: {
        "List-Unsubscribe": `<https://coffee.example/unsubscribe?token=${to}.${"0f".repeat(32)}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
      messageId: `<outbox-${n}@coffee.example>`,
    });
    const whole = await mailer.send({ ...message("zoe@acme.test", 1), textEncoding: "base64" });
    // The same message built by nodemailer itself, as the mailer did before.
    const nodemailers = nodemailer.createTransport({ url: peer.url });
    await nodemailers.sendMail({
      ...message("zed@acme.test", 2),
      from: "Café Joe <joe@acme.test>",
      textEncoding: "base64",
    });
    nodemailers.close();
    expect(whole.messageId).toBe("<outbox-1@coffee.example>");
    const [built, reference] = await Promise.all(
      ["zoe@acme.test", "zed@acme.test"].map((to) => peer.waitForMessage((m) => m.to[0] === to)),
    );
    const read = ({ parsed }: typeof built, to: string) => ({
      from: parsed.from,
      subject: parsed.subject,
      text: parsed.text,
      html: parsed.html,
      unsubscribe: parsed.headers
        .filter((h) => h.key.startsWith("list-unsubscribe"))
        .map((h) => `${h.key}: ${h.value.replace(to, "·")}`),
    });
    expect(read(built, "zoe@acme.test")).toEqual(read(reference, "zed@acme.test"));
    expect(built.parsed.messageId).toBe("<outbox-1@coffee.example>");
    expect(built.parsed.to).toEqual([{ address: "zoe@acme.test", name: "" }]);
    expect(built.parsed.from).toEqual({ address: "joe@acme.test", name: "Café Joe" });
    expect(built.text).toContain("Zoë\n.\na line with only a dot");
    expect(built.parsed.headers.map((h) => h.key)).toEqual(
      expect.arrayContaining(["date", "mime-version", "content-type"]),
    );
    await mailer.close();
  });

  it("reports a refused recipient as a permanent failure with its SMTP code", async () => {
    peer.rejectRecipients((a) => a.startsWith("bounce"), 550);
    const mailer = createMailer({ smtpUrl: peer.url, from: "joe@acme.test", db: database.db });
    const error = await mailer
      .send({ to: "bounce@acme.test", subject: "x", html: "x", text: "x", kind: "test" })
      .catch((e) => e);
    expect(error).toBeInstanceOf(MailSendError);
    expect(error.responseCode).toBe(550);
    expect(error.permanent).toBe(true);
    await mailer.close();
  });

  it("stores messages in the outbox and prints recipient, subject and links", async () => {
    const lines: string[] = [];
    const mailer = createMailer({
      from: "joe@acme.test",
      db: database.db,
      log: (l) => lines.push(l),
    });
    await mailer.send({
      to: "ben@acme.test",
      subject: "Your sign-in link",
      html: "<a href='http://127.0.0.1:5000/magic-auth?token=abc'>Sign in</a>",
      text: "Sign in: http://127.0.0.1:5000/magic-auth?token=abc",
      kind: "magic-link",
    });
    const rows = await database.db.select().from(mailOutbox);
    expect(rows.at(-1)?.toAddress).toBe("ben@acme.test");
    expect(rows.at(-1)?.links).toEqual(["http://127.0.0.1:5000/magic-auth?token=abc"]);
    expect(lines.join("\n")).toContain("ben@acme.test: Your sign-in link");
    expect(lines.join("\n")).toContain("http://127.0.0.1:5000/magic-auth?token=abc");
  });

  it("prints each link alone on its line without the punctuation that followed it", async () => {
    const lines: string[] = [];
    const mailer = createMailer({
      from: "joe@acme.test",
      db: database.db,
      log: (l) => lines.push(l),
    });
    await mailer.send({
      to: "cy@acme.test",
      subject: "Newsletter",
      html: "<p>x</p>",
      text: "Pause on http://127.0.0.1:5000/profile, or unsubscribe at http://127.0.0.1:5000/unsubscribe?token=u.1.",
      kind: "newsletter",
    });
    const printed = lines
      .at(-1)
      ?.split("\n")
      .slice(1)
      .map((l) => l.trim());
    expect(printed).toEqual([
      "http://127.0.0.1:5000/profile",
      "http://127.0.0.1:5000/unsubscribe?token=u.1",
    ]);
  });
});
