import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordCheckInAnswer } from "../check-ins/answer-check-in";
import { fixedClock } from "../clock";
import { deliverDueChannelMessages } from "../jobs/definitions/channel-transports";
import { announceInChannels } from "../newsletters/send/announce-in-channels";
import { allowEmail, createAdmin, createMatch, createPairing, createUser } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { startWebhookReceiver, type WebhookReceiver } from "../test/webhook-receiver";

/*
 * Signed outgoing webhooks (docs/chat.md, "Webhooks"): an admin adds an endpoint, events reach it
 * signed per Standard Webhooks and are verified by a receiver with the same library, a 429 is
 * waited out as Retry-After asks, and each endpoint has its log. The receivers listen on
 * 127.0.0.1, so this app allows private addresses (private-addresses.test.ts shows the refusal). The clock starts at the real
 * time: receivers check the signature's timestamp against their own clock.
 */
const clock = fixedClock(new Date());
let t: TestApp;
let receiver: WebhookReceiver;
let admin: { id: string };

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  // The receivers listen on 127.0.0.1: this company allows private addresses.
  t = await createTestApp({ clock, env: { WEBHOOK_ALLOW_PRIVATE: "1" } });
  await allowEmail(t.db, "*@hooks.test");
  admin = await createAdmin(t.db, { email: "boss@hooks.test" });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const drain = async () => {
  let total = 0;
  for (let claimed = 1; claimed > 0; ) {
    claimed = await deliverDueChannelMessages(t.ctx, { owner: "hooks" });
    total += claimed;
  }
  return total;
};

async function addEndpoint(events: string[]) {
  const res = await t.as(admin).post("/api/admin/webhooks", { url: receiver.url, events });
  expect(res.statusCode).toBe(200);
  const created = res.json() as { id: number; secret: string };
  expect(created.secret).toMatch(/^whsec_/);
  receiver.trust(created.secret);
  return created;
}

describe("POST /api/admin/webhooks", () => {
  it("refuses an address that is not a web address, and no events, with a message to act on", async () => {
    const bad = await t
      .as(admin)
      .post("/api/admin/webhooks", { url: "ftp://x", events: ["match.created"] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/https:\/\//);
    const none = await t.as(admin).post("/api/admin/webhooks", { url: receiver.url, events: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toMatch(/at least one event/);
  });

  it("is for admins only", async () => {
    const employee = await createUser(t.db, { email: "emp@hooks.test" });
    const res = await t
      .as(employee)
      .post("/api/admin/webhooks", { url: receiver.url, events: ["match.created"] });
    expect(res.statusCode).toBe(403);
  });
});

describe("a webhook's events", () => {
  it("sends a signed test event the receiver verifies, and lists it in the endpoint's log", async () => {
    const endpoint = await addEndpoint(["round.published", "match.created"]);
    const res = await t.as(admin).post(`/api/admin/webhooks/${endpoint.id}/test`, {});
    expect(res.statusCode).toBe(200);
    expect(await drain()).toBe(1);
    const [got] = receiver.received.splice(0);
    expect(got.error).toBeNull();
    expect(got.event).toMatchObject({ type: "test", data: { message: expect.any(String) } });
    const log = await t.as(admin).get(`/api/admin/webhooks/${endpoint.id}/deliveries`);
    expect(log.json().deliveries).toMatchObject([
      { channel: "webhook", kind: "event", event: "test", state: "sent", attempts: 1 },
    ]);
    await t.as(admin).delete(`/api/admin/webhooks/${endpoint.id}`);
  });

  it("sends round.published and match.created once each, honouring a 429's Retry-After", async () => {
    const endpoint = await addEndpoint(["round.published", "match.created"]);
    const pairing = await createPairing(t.db, { status: "active" });
    const a = await createUser(t.db, { email: "a@hooks.test" });
    const b = await createUser(t.db, { email: "b@hooks.test" });
    const match = await createMatch(t.db, { members: [a, b], pairing });
    expect(await announceInChannels(t.ctx, pairing.id)).toBe(2);
    expect(await announceInChannels(t.ctx, pairing.id)).toBe(0);

    receiver.answerNext(429, "20");
    await drain();
    expect(receiver.received).toHaveLength(2);
    const first = receiver.received[0];
    // The refused one waits 20 seconds, then goes again with the same webhook-id.
    clock.advance(19_000);
    expect(await drain()).toBe(0);
    clock.advance(1_000);
    expect(await drain()).toBe(1);
    const got = receiver.received.splice(0);
    expect(got.map((g) => g.error)).toEqual([null, null, null]);
    expect(got[2].id).toBe(first.id);
    const types = got
      .slice(1)
      .map((g) => g.event?.type)
      .sort();
    expect(types).toEqual(["match.created", "round.published"]);
    const created = got.find((g) => g.event?.type === "match.created");
    expect(created?.event?.data).toMatchObject({ matchId: match.id, memberIds: [a.id, b.id] });
    await t.as(admin).delete(`/api/admin/webhooks/${endpoint.id}`);
  });

  it("tells check_in.answered and person.left to the endpoints that chose them", async () => {
    await addEndpoint(["check_in.answered", "person.left"]);
    const pairing = await createPairing(t.db, { status: "active" });
    const c = await createUser(t.db, { email: "c@hooks.test" });
    const d = await createUser(t.db, { email: "d@hooks.test" });
    const match = await createMatch(t.db, { members: [c, d], pairing });
    await announceInChannels(t.ctx, pairing.id);
    await recordCheckInAnswer(t.ctx, { userId: c.id, matchId: match.id, answer: "met" });
    const left = await t.as(admin).post(`/api/admin/users/${d.id}/deactivate`, {});
    expect(left.statusCode).toBe(200);
    await drain();
    const got = receiver.received.splice(0);
    expect(got.map((g) => g.event?.type)).toEqual(["check_in.answered", "person.left"]);
    expect(got[0].event?.data).toMatchObject({ matchId: match.id, userId: c.id, answer: "met" });
    expect(got[1].event?.data).toEqual({ userId: d.id });
  });
});
