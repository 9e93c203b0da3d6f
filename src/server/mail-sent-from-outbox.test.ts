import { describe, expect, it } from "vitest";
import { linesMatching, serverSourceFiles } from "./test/server-source-lines";

// An e-mail is rendered and handed to the mail transport by the outbox alone (docs/mail.md): a
// feature queues a message of a kind with queue. `renderEmail` or the transport
// (`ctx.mailer`, a mailer's `send`) used anywhere else fails here.
/** Where rendering and sending belong. */
const homes = ["outbox/", "mail/"];

/** The outbox's own job, which hands the claims over the process's transport. */
const outboxJob = ["jobs/definitions/outbox-delivery.ts"];

/** Rendering an e-mail, or reaching the mail transport. */
const mailUse = /\brenderEmail\b|\bctx\.mailer\b|\bmailer\.send\b/;
const files = serverSourceFiles();
const usesIn = (file: string) => linesMatching(file, mailUse);
const allowed = (file: string) =>
  homes.some((home) => file.startsWith(home)) || outboxJob.includes(file);

describe("e-mail", () => {
  it("is rendered and sent by the outbox alone", () => {
    const offenders = files.filter((file) => !allowed(file)).flatMap(usesIn);
    expect(offenders).toEqual([]);
  });

  it("is sent by the outbox's job, so it is not listed in vain", () => {
    expect(outboxJob.filter((file) => usesIn(file).length === 0)).toEqual([]);
  });

  it("finds a use where there is one", () => {
    expect(mailUse.test("  await ctx.mailer.send(message);")).toBe(true);
    expect(mailUse.test("const { html } = await renderEmail(element);")).toBe(true);
    expect(mailUse.test("await queue(ctx, tx, kind, [to], data);")).toBe(false);
  });
});
