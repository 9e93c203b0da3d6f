import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { outgoingMessages, webhookEndpoints } from "../db/schema";
import { deliverDueChannelMessages } from "../jobs/definitions/channel-transports";
import { quietLogs } from "../jobs/definitions/job-logs";
import { outboxDeliveryJob } from "../jobs/definitions/outbox-delivery";
import { startJob } from "../jobs/run-job";
import { announceInChannels } from "../newsletters/send/announce-in-channels";
import { allowEmail, createAdmin, createMatch, createPairing, createUser } from "../test/factories";
import { type SlackStandIn, startSlackStandIn } from "../test/slack-stand-in";
import { createTestApp, type TestApp } from "../test/test-app";
import { startWebhookReceiver, type WebhookReceiver } from "../test/webhook-receiver";
import { BREAKER_FAILURES } from "../webhooks/endpoint-breaker";
import { WEBHOOK_TIMEOUT_MS } from "../webhooks/send-webhook";

/*
 * Lanes and the breaker (docs/chat.md): Slack and each webhook endpoint are lanes, so a receiver
 * that accepts and never answers delays only itself; a receiver failing again and again is paused
 * and the admin sees why, with Resume; 410 Gone turns an endpoint off; 503's Retry-After is waited
 * out. Real listeners on 127.0.0.1 (this company allows private addresses), the Slack stand-in,
 * and ctx.clock moves. The clock starts at the real time: receivers check the signature's time.
 */
const TOKEN = "xoxb-lanes-token";
const clock = fixedClock(new Date());
let slack: SlackStandIn;
let t: TestApp;
let admin: { id: string };
let n = 0;
const people: Record<string, string> = {};

beforeAll(async () => {
  slack = await startSlackStandIn({ token: TOKEN, people });
  t = await createTestApp({
    clock,
    env: {
      SLACK_BOT_TOKEN: TOKEN,
      SLACK_SIGNING_SECRET: "lanes-secret",
      SLACK_API_URL: slack.url,
      WEBHOOK_ALLOW_PRIVATE: "1",
    },
  });
  await allowEmail(t.db, "*@lanes.test");
  admin = await createAdmin(t.db, { email: "boss@lanes.test" });
});
afterAll(async () => {
  await t.close();
  await slack.close();
});

/** A receiver that accepts every call and never answers it. */
async function startSilentReceiver() {
  const calls: IncomingMessage[] = [];
  let connections = 0;
  const server = createServer((request) => calls.push(request));
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/silent`,
    calls,
    /** Calls made, counted when their connection is accepted (a short timeout may end one sooner). */
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function addEndpoint(url: string, events: string[], receiver?: WebhookReceiver) {
  const res = await t.as(admin).post("/api/admin/webhooks", { url, events });
  expect(res.statusCode).toBe(200);
  receiver?.trust(res.json().secret);
  return res.json() as { id: number };
}

async function person() {
  const email = `p${++n}@lanes.test`;
  people[email] = `U${n}`;
  return createUser(t.db, { email, firstName: `P${n}`, lastName: "Lee", reachBy: "slack" });
}

async function announcedPairs(count: number) {
  const pairing = await createPairing(t.db, { status: "active" });
  for (let i = 0; i < count; i++) {
    await createMatch(t.db, { members: [await person(), await person()], pairing });
  }
  await announceInChannels(t.ctx, pairing.id);
}

const endpointOf = async (id: number) =>
  (
    (await t.as(admin).get("/api/admin/webhooks")).json().endpoints as Array<{
      id: number;
      pausedAt: string | null;
      pauseReason: string | null;
    }>
  ).find((e) => e.id === id);

const rowsOf = (endpointId: number) =>
  t.db
    .select()
    .from(outgoingMessages)
    .where(eq(outgoingMessages.endpointId, endpointId))
    .orderBy(outgoingMessages.id);

/** Each test leaves no endpoint (and so none of its calls) behind. */
const removeAll = () => t.db.delete(webhookEndpoints);

describe("a receiver that never answers", () => {
  it("delays neither Slack nor another endpoint: their messages go out while it hangs", async () => {
    const silent = await startSilentReceiver();
    const healthy = await startWebhookReceiver();
    const hanging = await addEndpoint(silent.url, ["match.created"]);
    await addEndpoint(healthy.url, ["match.created"], healthy);
    await announcedPairs(3);
    const posted = slack.callsOf("chat.postMessage").length;
    const job = startJob(outboxDeliveryJob(t.ctx, quietLogs, { webhookTimeoutMs: 120_000 }));
    try {
      await expect.poll(() => silent.calls.length, { timeout: 20_000 }).toBe(1);
      await expect
        .poll(() => slack.callsOf("chat.postMessage").length - posted, { timeout: 20_000 })
        .toBe(3);
      await expect.poll(() => healthy.received.length, { timeout: 20_000 }).toBe(3);
      // All the while the silent receiver holds its first call: its lane waits alone.
      expect(silent.calls).toHaveLength(1);
      const now = clock.now();
      // The first is claimed under a live lease (being sent); the two behind it wait unclaimed.
      expect(
        (await rowsOf(hanging.id)).map((r) => [r.state, (r.claimedUntil ?? now) > now]),
      ).toEqual([
        ["pending", true],
        ["pending", false],
        ["pending", false],
      ]);
    } finally {
      await silent.close();
      await job.stop();
      await healthy.close();
    }
    expect((await rowsOf(hanging.id))[0].state).toBe("pending");
    await removeAll();
    // The Slack lane's rows (intros) are settled: none is left for the next test.
    await t.db.delete(outgoingMessages);
  });

  it(`times out after ${WEBHOOK_TIMEOUT_MS / 1000} s by default, and ${BREAKER_FAILURES} failures in a row pause the endpoint until the admin resumes it`, async () => {
    expect(WEBHOOK_TIMEOUT_MS).toBe(15_000);
    const silent = await startSilentReceiver();
    try {
      const endpoint = await addEndpoint(silent.url, ["match.created"]);
      for (let i = 0; i < BREAKER_FAILURES + 1; i++) {
        await t.as(admin).post(`/api/admin/webhooks/${endpoint.id}/test`, {});
      }
      for (let i = 1; i <= BREAKER_FAILURES; i++) {
        await deliverDueChannelMessages(t.ctx, { owner: "lanes", webhookTimeoutMs: 1000 });
        expect(silent.connections()).toBe(i);
        clock.advance(60_000);
      }
      // Each pass tried the earliest call again once its backoff was over.
      expect((await rowsOf(endpoint.id))[0]).toMatchObject({
        state: "pending",
        attempts: BREAKER_FAILURES,
        errorMessage: "The receiver could not be reached: no answer within 1 s",
      });
      expect(await endpointOf(endpoint.id)).toMatchObject({
        pausedAt: expect.any(String),
        pauseReason: `Paused after ${BREAKER_FAILURES} failed calls in a row; the last: The receiver could not be reached: no answer within 1 s`,
      });
      // Paused: nothing more is sent, however long we wait.
      clock.advance(10 * 60_000);
      expect(
        await deliverDueChannelMessages(t.ctx, { owner: "lanes", webhookTimeoutMs: 1000 }),
      ).toBe(0);
      expect(silent.connections()).toBe(BREAKER_FAILURES);

      const resumed = await t.as(admin).post(`/api/admin/webhooks/${endpoint.id}/resume`, {});
      expect(resumed.statusCode).toBe(200);
      expect(await endpointOf(endpoint.id)).toMatchObject({ pausedAt: null, pauseReason: null });
      expect(
        await deliverDueChannelMessages(t.ctx, { owner: "lanes", webhookTimeoutMs: 1000 }),
      ).toBe(1);
      expect(silent.connections()).toBe(BREAKER_FAILURES + 1);
    } finally {
      await removeAll();
      await silent.close();
    }
  });
});

describe("what a receiver answers", () => {
  it("410 Gone turns the endpoint off and the admin sees why", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const endpoint = await addEndpoint(receiver.url, ["match.created"], receiver);
      receiver.answerNext(410);
      await t.as(admin).post(`/api/admin/webhooks/${endpoint.id}/test`, {});
      await deliverDueChannelMessages(t.ctx, { owner: "lanes" });
      expect((await rowsOf(endpoint.id))[0]).toMatchObject({
        state: "failed",
        errorMessage: "The receiver answered 410 Gone: it wants no more events.",
      });
      expect((await endpointOf(endpoint.id))?.pauseReason).toMatch(/^Turned off: .*410 Gone/);
      await t.as(admin).post(`/api/admin/webhooks/${endpoint.id}/test`, {});
      expect(await deliverDueChannelMessages(t.ctx, { owner: "lanes" })).toBe(0);
      expect(receiver.received).toHaveLength(1);
    } finally {
      await removeAll();
      await receiver.close();
    }
  });

  it("503 with Retry-After is not tried again before the time it names", async () => {
    clock.set(new Date()); // the receiver checks the signature's time against its own clock
    const receiver = await startWebhookReceiver();
    try {
      const endpoint = await addEndpoint(receiver.url, ["match.created"], receiver);
      receiver.answerNext(503, "120");
      await t.as(admin).post(`/api/admin/webhooks/${endpoint.id}/test`, {});
      await deliverDueChannelMessages(t.ctx, { owner: "lanes" });
      const [waiting] = await rowsOf(endpoint.id);
      expect(waiting).toMatchObject({
        state: "pending",
        errorMessage: "The receiver answered 503; retrying after 120 s.",
      });
      expect(waiting.nextAttemptAt?.getTime()).toBe(clock.now().getTime() + 120_000);
      clock.advance(119_000);
      expect(await deliverDueChannelMessages(t.ctx, { owner: "lanes" })).toBe(0);
      clock.advance(1_000);
      expect(await deliverDueChannelMessages(t.ctx, { owner: "lanes" })).toBe(1);
      expect(receiver.received.map((r) => r.error)).toEqual([null, null]);
      expect((await rowsOf(endpoint.id))[0].state).toBe("sent");
      expect((await endpointOf(endpoint.id))?.pausedAt).toBeNull();
    } finally {
      await removeAll();
      await receiver.close();
    }
  });
});
