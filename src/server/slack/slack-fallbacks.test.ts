import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getAuthSecret } from "../app-secret";
import { fixedClock } from "../clock";
import { emailLogs, outgoingMessages } from "../db/schema";
import { deliverDueChannelMessages } from "../jobs/definitions/channel-transports";
import { quietLogs } from "../jobs/definitions/job-logs";
import { outboxDeliveryJob } from "../jobs/definitions/outbox-delivery";
import { runDueSteps } from "../jobs/definitions/round-steps";
import { startJob } from "../jobs/run-job";
import { signLinkToken } from "../mail/signed-links";
import { deliverQueued } from "../test/deliveries";
import { allowEmail, createAdmin, createUser } from "../test/factories";
import { type SlackStandIn, startSlackStandIn } from "../test/slack-stand-in";
import { createTestApp, type TestApp } from "../test/test-app";

/*
 * Chat's fallbacks (docs/chat.md), against a local stand-in of Slack's Web API: an intro that
 * Slack refuses after the announcement left its people out sends them the announcement e-mail,
 * and an answer on the check-in page while the Slack question is being posted still takes the
 * question's buttons away.
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

/** Runs the outbox worker, as start-server.ts does, until no Slack intro is pending. */
async function runWorker() {
  const job = startJob(outboxDeliveryJob(t.ctx, quietLogs, { pollMs: 20 }));
  try {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const intros = await t.db
        .select({ state: outgoingMessages.state })
        .from(outgoingMessages)
        .where(eq(outgoingMessages.kind, "intro"));
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
    await runWorker();
    const [intro] = await t.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.kind, "intro"));
    expect(intro.state).toBe("failed");
    expect(slack.callsOf("chat.postMessage")).toHaveLength(0);

    await deliverQueued(t);
    expect(await mailed()).toEqual(["ann@fall.test", "bob@fall.test"]);
    // Through the outbox, as the announcement's own messages, and its send log sealed again.
    const messages = await t.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.kind, "round-announcement"));
    expect(messages.map((m) => [m.recipient, m.state]).sort()).toEqual([
      ["ann@fall.test", "sent"],
      ["bob@fall.test", "sent"],
    ]);
    const [log] = await t.db.select().from(emailLogs);
    expect(log).toMatchObject({ totalRecipients: 2, successfulSends: 2 });
  });
});

describe("an answer on the check-in page while the Slack question is in flight", () => {
  it("rewrites the question, once posted, to show the answer with no buttons", async () => {
    clock.set("2027-03-08T09:00:00Z");
    await runDueSteps(t.ctx, { owner: "test-check-in" });
    const hold = slack.holdCall("chat.postMessage", 1, { answer: true });
    const lane = deliverDueChannelMessages(t.ctx, { owner: "slow-worker" });
    await expect.poll(() => hold.arrived()).toBe(true);

    // The question being posted: its conversation is open, its post has no answer yet.
    const questions = await t.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.kind, "check_in"));
    const inFlight = questions.find((q) => (q.result as { channel?: string } | null)?.channel);
    if (!inFlight?.userId || inFlight.matchId === null) throw new Error("No question in flight.");
    const token = signLinkToken(await getAuthSecret(t.ctx), "check-in", {
      userId: inFlight.userId,
      id: inFlight.matchId,
      expiresAt: new Date(clock.now().getTime() + 7 * 86_400_000),
    });
    expect((await t.post("/api/check-in", { token, answer: "met" })).statusCode).toBe(200);

    hold.release();
    await lane;
    while ((await deliverDueChannelMessages(t.ctx, { owner: "slow-worker" })) > 0);
    const [posted] = await t.db
      .select()
      .from(outgoingMessages)
      .where(and(eq(outgoingMessages.kind, "check_in"), eq(outgoingMessages.id, inFlight.id)));
    expect(posted.state).toBe("sent");
    const { channel, ts } = posted.result as { channel: string; ts: string };
    const updates = slack
      .callsOf("chat.update")
      .filter((c) => c.args.channel === channel && c.args.ts === ts);
    expect(updates.length).toBeGreaterThan(0);
    const shown = JSON.stringify(updates.at(-1)?.args.blocks);
    expect(shown).toContain("counts as met");
    expect(shown).not.toContain('"actions"');
  });
});
