import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { chatDeliveries } from "../db/schema";
import { chatDeliveryJob } from "../jobs/definitions/chat-delivery";
import { quietLogs } from "../jobs/definitions/job-logs";
import { runDueSteps } from "../jobs/definitions/round-steps";
import { startJob } from "../jobs/run-job";
import { deliverQueued } from "../test/deliveries";
import { allowEmail, createAdmin, createUser } from "../test/factories";
import { type SlackStandIn, startSlackStandIn } from "../test/slack-stand-in";
import { createTestApp, type TestApp } from "../test/test-app";

/*
 * Chat's fallbacks (docs/chat.md), against a local stand-in of Slack's Web API: an intro that
 * Slack refuses after the announcement left its people out sends them the announcement e-mail.
 */
const TOKEN = "xoxb-fallback-token";
const SUBJECT = "Your Cup of Joe match for March 2027";
const clock = fixedClock("2027-02-20T00:00:00Z");
const inSlack: Record<string, string> = { "ann@fall.test": "UANN", "bob@fall.test": "UBOB" };
let slack: SlackStandIn;
let t: TestApp;

beforeAll(async () => {
  slack = await startSlackStandIn({ token: TOKEN, people: inSlack });
  t = await createTestApp({
    clock,
    env: { SLACK_BOT_TOKEN: TOKEN, SLACK_SIGNING_SECRET: "fall-secret", SLACK_API_URL: slack.url },
  });
  await allowEmail(t.db, "*@fall.test");
  await createAdmin(t.db, { email: "boss@fall.test", participationStatus: "opted_out" });
  for (const name of ["ann", "bob"]) {
    await createUser(t.db, { email: `${name}@fall.test`, firstName: name, reachBy: "slack" });
  }
});
afterAll(async () => {
  await t.close();
  await slack.close();
});

/** Runs the chat-delivery job, as start-server.ts does, until no Slack intro is pending. */
async function runChatJob() {
  const job = startJob(chatDeliveryJob(t.ctx, quietLogs, { pollMs: 20 }));
  try {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const intros = await t.db
        .select({ state: chatDeliveries.state })
        .from(chatDeliveries)
        .where(eq(chatDeliveries.kind, "intro"));
      if (intros.length > 0 && intros.every((i) => i.state !== "pending")) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error("The intro was still pending after 10 s.");
  } finally {
    await job.stop();
  }
}

describe("a Slack intro that fails after the announcement", () => {
  it("sends the announcement e-mail to the people it left out", async () => {
    for (const at of ["2027-02-20T00:00:00Z", "2027-02-26T09:00:00Z", "2027-03-01T09:00:00Z"]) {
      clock.set(at);
      await runDueSteps(t.ctx, { owner: `test-${at}` });
    }
    await deliverQueued(t);
    const mailed = async () =>
      (await t.outbox())
        .filter((m) => m.subject === SUBJECT)
        .map((m) => m.toAddress)
        .sort();
    // Both chose Slack alone and Slack knows both: the announcement left them out.
    expect(await mailed()).toEqual([]);

    slack.failNext("conversations.open", 403);
    await runChatJob();
    const [intro] = await t.db
      .select()
      .from(chatDeliveries)
      .where(eq(chatDeliveries.kind, "intro"));
    expect(intro.state).toBe("failed");
    expect(slack.callsOf("chat.postMessage")).toHaveLength(0);

    await deliverQueued(t);
    expect(await mailed()).toEqual(["ann@fall.test", "bob@fall.test"]);
  });
});
