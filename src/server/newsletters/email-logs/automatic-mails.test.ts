import { beforeAll, describe, expect, it } from "vitest";
import { type AutomaticMailsPage, automaticMailKinds } from "../../../shared/email-logs";
import { fixedClock } from "../../clock";
import { outgoingMessages } from "../../db/schema";
import { messageKindNamed as kindNamed } from "../../jobs/message-kinds";
import { companyInquiry } from "../../outbox/kinds/company-inquiry";
import { queue } from "../../outbox/queue";
import { createAdmin, createUser } from "../../test/factories";
import { setUpAppWithSmtpPeer } from "../../test/smtp-app";
import type { SmtpPeer } from "../../test/smtp-peer";
import type { TestApp } from "../../test/test-app";
import type { Requests } from "../../test/test-client";

// docs/newsletters.md, "Send logs": the outbox's automatic e-mails of the last 30 days.
const clock = fixedClock("2027-03-10T09:00:00Z");
const URL = "/api/admin/email-logs/automatic";
let t: TestApp;
let peer: SmtpPeer;
let admin: Requests;
setUpAppWithSmtpPeer(
  { clock, env: { OPERATOR_EMAIL: "ops@vendor.test" } },
  (app) => ({ t, peer } = app),
);

const daysAgo = (days: number) => new Date(clock.now().getTime() - days * 24 * 60 * 60 * 1000);
/** A row as the outbox leaves it, for the states a delivery would take minutes to reach. */
const row = (kind: string, recipient: string, at: Date, more: object = {}) => ({
  kind,
  recipient,
  data: {},
  mailTransport: "test",
  nextAttemptAt: at,
  createdAt: at,
  ...more,
});

beforeAll(async () => {
  admin = t.as(await createAdmin(t.db));
  await queue(t.ctx, t.db, companyInquiry, ["ops@vendor.test"], {
    companyName: "Listed Corp",
    contactEmail: "founder@listed.test",
    expectedUsers: "50-100",
    additionalInfo: null,
    inquiryId: 1,
    receivedAt: clock.now().toISOString(),
  });
  await t.outboxDelivery.settled();
  await peer.waitForMessage((m) => m.to.includes("ops@vendor.test"));
  await t.db.insert(outgoingMessages).values([
    row("match-change", "cal@acme.test", daysAgo(3), {
      data: { via: "calendar", userId: "x", calendar: { method: "REQUEST" } },
    }),
    row("match-change", "ada@acme.test", daysAgo(1), {
      data: { via: "plain", userId: "x" },
      state: "failed",
      errorCode: "550",
      errorMessage: "Mailbox unavailable",
    }),
    row("check-in-question", "ben@acme.test", daysAgo(2)),
    row("sign-in-code", "ada@acme.test", daysAgo(1), { state: "sent", sentAt: daysAgo(1) }),
    row("magic-link", "ben@acme.test", daysAgo(1)),
    row("set-password-link", "cy@acme.test", daysAgo(1)),
    row("booking-nudge", "old@acme.test", daysAgo(31), { state: "sent", sentAt: daysAgo(31) }),
  ]);
});

const list = async (query = "") => {
  const answer = await admin.get(`${URL}${query}`);
  expect(answer.statusCode).toBe(200);
  return answer.json() as AutomaticMailsPage;
};

describe("the automatic e-mails of the Email Send Logs", () => {
  it("lists the last 30 days newest first, with each outcome, and no secret-carrying kind", async () => {
    const page = await list();
    expect(page.messages.map((m) => [m.kind, m.recipient, m.state])).toEqual([
      ["company-inquiry", "ops@vendor.test", "sent"],
      ["match-change", "ada@acme.test", "failed"],
      ["check-in-question", "ben@acme.test", "pending"],
      ["match-change", "cal@acme.test", "pending"],
    ]);
    // Each named by what it is: a calendar invitation is not "Match changed".
    expect(page.messages.map((m) => m.name)).toEqual([
      "Company inquiry",
      "Match changed",
      "Did you meet?",
      "Calendar invitation",
    ]);
    expect(page).toMatchObject({ total: 4, offset: 0, limit: 50 });
    expect(page.messages[0].sent_at).toBe(clock.now().toISOString());
    expect(page.messages[1]).toMatchObject({
      error_code: "550",
      error_message: "Mailbox unavailable",
      queued_at: daysAgo(1).toISOString(),
    });
  });

  it("filters by kind and by outcome, and pages", async () => {
    const failed = await list("?outcome=failed");
    expect(failed.messages.map((m) => m.recipient)).toEqual(["ada@acme.test"]);
    const checkIns = await list("?kind=check-in-question");
    expect(checkIns.messages.map((m) => m.recipient)).toEqual(["ben@acme.test"]);
    const second = await list("?offset=1&limit=1");
    expect(second.messages.map((m) => m.kind)).toEqual(["match-change"]);
    expect(second.total).toBe(4);
  });

  it("refuses a secret kind, a bad outcome and a page too large with a message", async () => {
    for (const query of ["?kind=sign-in-code", "?outcome=lost", "?limit=1000"]) {
      const answer = await admin.get(`${URL}${query}`);
      expect(answer.statusCode).toBe(400);
      expect(answer.json().message).toEqual(expect.any(String));
    }
  });

  it("is for admins only", async () => {
    expect((await t.get(URL)).statusCode).toBe(401);
    const member = t.as(await createUser(t.db, { email: "member@acme.test" }));
    expect((await member.get(URL)).statusCode).toBe(403);
  });

  it("lists only kinds of the registry that carry no secret", () => {
    for (const name of automaticMailKinds) {
      const kind = kindNamed(name);
      expect(kind?.name).toBe(name);
      expect(kind?.carriesSecret).toBeUndefined();
    }
  });
});
