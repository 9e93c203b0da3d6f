import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { outgoingMessages, users } from "../db/schema";
import { runDueSteps } from "../jobs/definitions/round-steps";
import { allowEmail, createCompanyWidePeople, createPairing } from "../test/factories";
import { setUpAppWithSmtpPeer } from "../test/smtp-app";
import type { SmtpPeer } from "../test/smtp-peer";
import type { TestApp } from "../test/test-app";
import { companyInquiry } from "./kinds/company-inquiry";
import { LAUNCH_SUBJECT } from "./kinds/launch-invitation";
import { queue } from "./queue";

// docs/mail.md, "When the mail server is down": every kind rides an outage out.
const clock = fixedClock("2027-02-20T00:00:00Z");
let t: TestApp;
let peer: SmtpPeer;
setUpAppWithSmtpPeer(
  {
    clock,
    env: { OPERATOR_EMAIL: "ops@vendor.test" },
    outboxDelivery: { retry: { baseMs: 1000, capMs: 8000 } },
  },
  (app) => ({ t, peer } = app),
);
beforeAll(async () => {
  await createCompanyWidePeople(t.db, "outage.test", ["ada", "ben", "cy", "dee"]);
  await createPairing(t.db, { scopeKey: "all", month: "2027-02", name: "February" });
});

const inquiry = {
  companyName: "Outage Corp",
  contactEmail: "founder@outage-corp.test",
  expectedUsers: "50-100",
  additionalInfo: null,
};
const rowsOf = (kind: string) =>
  t.db.select().from(outgoingMessages).where(eq(outgoingMessages.kind, kind));
const mailsTo = (address: string, subject: string) =>
  peer.messages.filter((m) => m.to.includes(address) && m.subject === subject);

const boss = async () => {
  const [row] = await t.db.select().from(users).where(eq(users.email, "boss@outage.test"));
  return row;
};

/** The server comes back after an outage; each message waits out its backoff, then goes. */
async function serverBack() {
  await peer.restart();
  clock.advance(10_000);
  await t.outboxDelivery.settled();
}

describe("a mail-server outage loses no message", () => {
  it("keeps an inquiry submitted while the server is down and sends it once it is back", async () => {
    await peer.stop();
    const answer = await t.post("/api/company-inquiry", inquiry);
    expect(answer.statusCode).toBe(201);
    await t.outboxDelivery.settled();
    const [waiting] = await rowsOf("company-inquiry");
    expect(waiting).toMatchObject({ state: "pending", attempts: 1, recipient: "ops@vendor.test" });
    expect(waiting.errorCode).toMatch(/^E/);
    expect(waiting.firstFailedAt).toEqual(clock.now());

    await serverBack();
    const mail = await peer.waitForMessage((m) => m.to.includes("ops@vendor.test"));
    expect(mail.subject).toBe("New company inquiry: Outage Corp");
    expect(mail.parsed.replyTo?.[0]?.address).toBe("founder@outage-corp.test");
    expect(mail.parsed.messageId).toBe(`<outbox-${waiting.id}@127.0.0.1>`);
    const [sent] = await rowsOf("company-inquiry");
    expect(sent).toMatchObject({ state: "sent", attempts: 2, firstFailedAt: null });
    expect(mailsTo("ops@vendor.test", mail.subject)).toHaveLength(1);
  });

  it("keeps a round's notice to the admins while the server is down and sends it once it is back", async () => {
    await runDueSteps(t.ctx, { owner: "first-look" });
    await peer.stop();
    clock.set("2027-02-26T09:00:00Z");
    const ran = await runDueSteps(t.ctx, { owner: "draft" });
    expect(ran.map((r) => [r.kind, r.state])).toEqual([["draft", "done"]]);
    await t.outboxDelivery.settled();
    expect(await rowsOf("round-draft-notice")).toMatchObject([
      { state: "pending", attempts: 1, recipient: "boss@outage.test" },
    ]);

    await serverBack();
    const subject = "Review the March 2027 pairing for Everyone";
    await peer.waitForMessage((m) => m.subject === subject);
    expect(mailsTo("boss@outage.test", subject)).toHaveLength(1);
    expect(await rowsOf("round-draft-notice")).toMatchObject([{ state: "sent" }]);
  });

  it("keeps the launch invitation and a later invitation sent while the server is down", async () => {
    await allowEmail(t.db, "eve@invited.test");
    await peer.stop();
    const admin = t.as(await boss());
    expect((await admin.post("/api/admin/getting-started/launch")).statusCode).toBe(202);
    await allowEmail(t.db, "fay@invited.test");
    const invited = await admin.post("/api/admin/invitations", { emails: ["fay@invited.test"] });
    expect(invited.json()).toMatchObject({ queued: 1, skipped: [] });
    await t.outboxDelivery.settled();
    const launch = await rowsOf("launch-invitation");
    expect(launch.map((r) => r.recipient)).toContain("eve@invited.test");
    const waiting = [...launch, ...(await rowsOf("invitation"))];
    expect(waiting.map((r) => [r.state, r.attempts])).toEqual(
      Array(launch.length + 1).fill(["pending", 1]),
    );
    const progress = (await admin.get("/api/admin/getting-started/launch")).json();
    expect(progress).toMatchObject({ status: "sending", sent: 0, pending: launch.length });
    expect(progress.waitingSince).toBe(clock.now().toISOString());
    const checklist = (await admin.get("/api/admin/getting-started")).json();
    expect(checklist).toMatchObject({ launch: { status: "sending" }, done: false });

    await serverBack();
    await t.outboxDelivery.settled();
    for (const address of [...launch.map((r) => r.recipient), "fay@invited.test"]) {
      expect(mailsTo(address, LAUNCH_SUBJECT)).toHaveLength(1);
    }
    expect(
      [...(await rowsOf("launch-invitation")), ...(await rowsOf("invitation"))].map((r) => r.state),
    ).toEqual(Array(launch.length + 1).fill("sent"));
    expect((await admin.get("/api/admin/getting-started/launch")).json()).toMatchObject({
      status: "sent",
      sent: launch.length,
      waitingSince: null,
    });
    expect((await admin.get("/api/admin/getting-started")).json().launch).toEqual({
      status: "sent",
    });
  });
});

describe("the outbox's delivery", () => {
  it("fails a message the server refuses for good, without another try", async () => {
    peer.rejectRecipients((address) => address === "gone@vendor.test", 550, 1);
    await queue(t.ctx, t.db, companyInquiry, ["gone@vendor.test"], {
      ...inquiry,
      inquiryId: 9001,
      receivedAt: clock.now().toISOString(),
    });
    await t.outboxDelivery.settled();
    clock.advance(60_000);
    await t.outboxDelivery.settled();
    const [row] = (await rowsOf("company-inquiry")).filter(
      (r) => r.recipient === "gone@vendor.test",
    );
    expect(row).toMatchObject({ state: "failed", attempts: 1, errorCode: "EENVELOPE" });
  });

  it("queues a kind that is not repeated once per recipient and key", async () => {
    const data = { ...inquiry, inquiryId: 9002, receivedAt: clock.now().toISOString() };
    const first = await queue(t.ctx, t.db, companyInquiry, ["twice@vendor.test"], data);
    const again = await queue(t.ctx, t.db, companyInquiry, ["twice@vendor.test"], data);
    expect([first, again]).toEqual([1, 0]);
    await peer.waitForMessage((m) => m.to.includes("twice@vendor.test"));
    await t.outboxDelivery.settled();
    expect(peer.messages.filter((m) => m.to.includes("twice@vendor.test"))).toHaveLength(1);
  });

  it("leaves a message another process holds until its lease runs out, then sends it once", async () => {
    const data = { ...inquiry, inquiryId: 9003, receivedAt: clock.now().toISOString() };
    await t.db.transaction(async (tx) => {
      await queue(t.ctx, tx, companyInquiry, ["held@vendor.test"], data);
      // A process that claimed it and died before it sent it.
      await tx
        .update(outgoingMessages)
        .set({ claimedBy: "crashed", claimedUntil: new Date(clock.now().getTime() + 30_000) })
        .where(eq(outgoingMessages.recipient, "held@vendor.test"));
    });
    await t.outboxDelivery.settled();
    expect(peer.messages.filter((m) => m.to.includes("held@vendor.test"))).toHaveLength(0);
    clock.advance(30_001);
    await peer.waitForMessage((m) => m.to.includes("held@vendor.test"));
    await t.outboxDelivery.settled();
    expect(peer.messages.filter((m) => m.to.includes("held@vendor.test"))).toHaveLength(1);
  });

  it("leaves messages queued over another mail transport to a process that mails that way", async () => {
    const [row] = await t.db
      .insert(outgoingMessages)
      .values({
        kind: companyInquiry.name,
        recipient: "elsewhere@vendor.test",
        data: { ...inquiry, inquiryId: 9004, receivedAt: clock.now().toISOString() },
        mailTransport: "smtp://mail.elsewhere.test:587",
        nextAttemptAt: clock.now(),
      })
      .returning();
    await t.outboxDelivery.settled();
    const [after] = await t.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.id, row.id));
    expect(after).toMatchObject({ state: "pending", attempts: 0 });
  });
});
