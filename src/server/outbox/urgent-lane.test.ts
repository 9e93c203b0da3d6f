import { beforeAll, describe, expect, it } from "vitest";
import { post } from "../auth/test-helpers";
import { fixedClock } from "../clock";
import { allowEmail } from "../test/factories";
import { setUpAppWithSmtpPeer } from "../test/smtp-app";
import type { SmtpPeer } from "../test/smtp-peer";
import type { TestApp } from "../test/test-app";
import { companyInquiry } from "./kinds/company-inquiry";
import { queue } from "./queue";

// docs/mail.md, "Urgent kinds": a sign-in code does not wait behind a batch of other messages.
const clock = fixedClock("2027-03-01T10:00:00Z");
const BATCH = 40;
let t: TestApp;
let peer: SmtpPeer;
// Every message takes the peer 200 ms, so the batch keeps the outbox busy for about two seconds.
setUpAppWithSmtpPeer(
  { clock, env: { SMTP_POOL_SIZE: "4" }, peer: { delayMs: 200 } },
  (app) => ({ t, peer } = app),
);
beforeAll(async () => {
  await allowEmail(t.db, "*@urgent.test");
});

describe("the outbox's urgent lane", () => {
  it("sends a sign-in code asked for behind a batch of messages before the batch is through", async () => {
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < BATCH; i++) {
        await queue(t.ctx, tx, companyInquiry, [`ops${i}@vendor.test`], {
          inquiryId: i,
          companyName: `Company ${i}`,
          contactEmail: `founder${i}@vendor.test`,
          expectedUsers: "50-100",
          additionalInfo: null,
          receivedAt: clock.now().toISOString(),
        });
      }
    });
    await peer.waitForMessage((m) => m.to[0]?.startsWith("ops") ?? false);

    expect((await post(t, "/api/auth/send-code", { email: "ada@urgent.test" })).statusCode).toBe(
      200,
    );
    await peer.waitForMessage((m) => m.to.includes("ada@urgent.test"));
    const batchBefore = peer.messages.filter((m) => m.to[0]?.startsWith("ops")).length;
    expect(batchBefore).toBeLessThan(BATCH / 2);

    await t.outboxDelivery.settled();
    expect(peer.messages.filter((m) => m.to[0]?.startsWith("ops"))).toHaveLength(BATCH);
  });
});
