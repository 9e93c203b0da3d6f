import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin, createNewsletter } from "./test/factories";
import { startSmtpPeer } from "./test/smtp-peer";
import { createTestApp, type TestApp } from "./test/test-app";

type LogLine = Record<string, unknown> & { reqId?: string; msg?: string };

/** An app whose server log the test reads, on the outbox transport or a given SMTP peer. */
async function loggedApp(smtpUrl?: string) {
  const lines: LogLine[] = [];
  const t = await createTestApp({
    smtpUrl,
    // The inquiry form is open only where an operator other than the company takes inquiries.
    env: { OPERATOR_EMAIL: "ops@operator.test" },
    logger: {
      level: "info",
      stream: { write: (line: string) => void lines.push(JSON.parse(line)) },
    },
  });
  return { t, lines };
}

function expectReferenced(
  res: { statusCode: number; json(): unknown; headers: Record<string, unknown> },
  lines: LogLine[],
) {
  const body = res.json() as { message: string; requestId: string };
  expect(body.requestId).toMatch(/^[0-9a-f]{16}$/);
  expect(body.message).toContain(`(Reference: ${body.requestId})`);
  expect(res.headers["x-request-id"]).toBe(body.requestId);
  const failure = lines.find(
    (line) => line.msg === "request failed" && line.reqId === body.requestId,
  );
  expect(failure, "the log line under the reference").toBeDefined();
  return { body, logged: JSON.stringify(failure) };
}

describe("an error on our side", () => {
  let broken: TestApp;
  let lines: LogLine[];

  beforeAll(async () => {
    ({ t: broken, lines } = await loggedApp());
    // A real fault: the outbox transport's table is gone, so storing any e-mail fails with SQL.
    await broken.db.execute(sql`drop table mail_outbox`);
    await broken.db.execute(sql`drop table company_inquiries`);
  });
  afterAll(() => broken.close());

  it("answers a failed test send without the SQL or the unsubscribe link, and logs them under a reference", async () => {
    const admin = broken.as(await createAdmin(broken.db));
    const draft = await createNewsletter(broken.db, { year: 2301 });
    const res = await admin.post(`/api/admin/newsletters/${draft.id}/send-test`, {
      testEmail: "qa@outside.test",
    });
    expect(res.statusCode).toBe(503);
    expect(res.body).not.toMatch(/mail_outbox|insert|unsubscribe|select|params/i);
    const { body, logged } = expectReferenced(res, lines);
    expect(body.message).toMatch(
      /^The test email could not be sent: the mail server did not accept it\./,
    );
    expect(logged).toContain("mail_outbox");
    expect(logged, "the e-mail's links are not logged").not.toMatch(/unsubscribe/i);
  });

  it("answers an unexpected failure with the generic message and a reference", async () => {
    const res = await broken.post("/api/company-inquiry", {
      companyName: "Acme Rockets",
      contactEmail: "founder@acme.test",
      expectedUsers: "100-500",
      additionalInfo: "secret plans",
    });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/company_inquiries|insert into|params|secret plans/i);
    const { body, logged } = expectReferenced(res, lines);
    expect(body.message).toMatch(/^Something went wrong on our side\. Please try again\./);
    expect(logged).toContain("company_inquiries");
  });
});

describe("a test send the mail server refuses", () => {
  it("names what happened without the server's own words", async () => {
    const peer = await startSmtpPeer();
    const { t, lines } = await loggedApp(peer.url);
    try {
      peer.rejectRecipients((address) => address === "qa@outside.test", 550);
      const draft = await createNewsletter(t.db, { year: 2302 });
      const admin = t.as(await createAdmin(t.db));
      const refused = await admin.post(`/api/admin/newsletters/${draft.id}/send-test`, {
        testEmail: "qa@outside.test",
      });
      expect(refused.statusCode).toBe(503);
      expect(refused.body).not.toContain("refused");
      const { logged } = expectReferenced(refused, lines);
      expect(logged).toContain("Recipient qa@outside.test refused");

      await peer.stop();
      const unreachable = await admin.post(`/api/admin/newsletters/${draft.id}/send-test`, {
        testEmail: "qa2@outside.test",
      });
      expect(unreachable.statusCode).toBe(503);
      expect(unreachable.json().message).toMatch(
        /^The test email could not be sent: the mail server cannot be reached right now\./,
      );
    } finally {
      await t.close();
      await peer.close();
    }
  });
});

describe("request ids", () => {
  it("gives every request its own id, under one prefix per process", async () => {
    const { t, lines } = await loggedApp();
    try {
      for (let i = 0; i < 3; i++) expect((await t.get("/api/health")).statusCode).toBe(200);
      const ids = lines.filter((line) => line.msg === "request").map((line) => line.reqId ?? "");
      expect(ids).toHaveLength(3);
      expect(new Set(ids).size).toBe(3);
      for (const id of ids) expect(id).toMatch(/^[0-9a-f]{16}$/);
      expect(new Set(ids.map((id) => id.slice(0, 8))).size).toBe(1);
    } finally {
      await t.close();
    }
  });
});
