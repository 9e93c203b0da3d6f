import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverDueChatMessages } from "../chat/deliver-chat-messages";
import { fixedClock } from "../clock";
import { chatDeliveries, webhookEndpoints } from "../db/schema";
import { isPublicAddress } from "../outbound/public-address";
import { createAdmin } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { startWebhookReceiver, type WebhookReceiver } from "../test/webhook-receiver";
import { sendTestEvent } from "./webhook-endpoints";

/*
 * Webhooks never reach an internal address unless the company allows it (docs/chat.md, "Private
 * addresses"): refused when saved with a message to act on, refused again when sent (after DNS,
 * without opening a connection), and no redirect is followed. This app has no allow flag.
 */
const clock = fixedClock(new Date());
let t: TestApp;
let allowing: TestApp;
let receiver: WebhookReceiver;
let admin: { id: string };

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestApp({ clock });
  allowing = await createTestApp({
    clock,
    database: t.database,
    env: { WEBHOOK_ALLOW_PRIVATE: "1" },
  });
  admin = await createAdmin(t.db, { email: "boss@private.test" });
});
afterAll(async () => {
  await allowing.close();
  await t.close();
  await receiver.close();
});

const port = () => new URL(receiver.url).port;

describe("saving a webhook", () => {
  it.each([
    ["loopback", () => `http://127.0.0.1:${port()}/hooks`],
    ["the cloud metadata service", () => "http://169.254.169.254/latest/meta-data/"],
    ["IPv6 loopback", () => `http://[::1]:${port()}/hooks`],
    ["IPv4-mapped IPv6 loopback", () => `http://[::ffff:127.0.0.1]:${port()}/hooks`],
    ["a private network", () => "http://10.1.2.3/hooks"],
    ["a unique-local IPv6 network", () => "https://[fd00::1]/hooks"],
    ["a name that resolves to loopback", () => `http://localhost:${port()}/hooks`],
  ])("refuses %s with a 400 the admin can act on", async (_what, url) => {
    const res = await t
      .as(admin)
      .post("/api/admin/webhooks", { url: url(), events: ["match.created"] });
    expect({ status: res.statusCode, ...res.json() }).toMatchObject({
      status: 400,
      message: expect.stringMatching(
        /is a private or internal address; webhooks go only to public addresses unless WEBHOOK_ALLOW_PRIVATE=1 is set\./,
      ),
    });
    expect(await t.db.select().from(webhookEndpoints)).toEqual([]);
    expect(receiver.connections()).toBe(0);
  });

  it("accepts a private address when the company allows it", async () => {
    const res = await allowing
      .as(admin)
      .post("/api/admin/webhooks", { url: receiver.url, events: ["match.created"] });
    expect(res.statusCode).toBe(200);
    await allowing.as(admin).delete(`/api/admin/webhooks/${res.json().id}`);
  });
});

describe("sending a webhook", () => {
  it("refuses an internal address again at send time, without a connection, and logs why", async () => {
    // Saved while allowed (or the name pointed elsewhere then); now the flag is off.
    const [endpoint] = await t.db
      .insert(webhookEndpoints)
      .values({
        url: `http://localhost:${port()}/hooks`,
        events: ["match.created"],
        secret: "whsec_AAAA",
      })
      .returning();
    await sendTestEvent(t.ctx, endpoint.id);
    expect(await deliverDueChatMessages(t.ctx, { owner: "refuser" })).toBe(1);
    const [row] = await t.db
      .select()
      .from(chatDeliveries)
      .where(eq(chatDeliveries.endpointId, endpoint.id));
    expect(row.state).toBe("failed");
    expect(row.error).toMatch(
      /^Not sent: localhost \((127\.0\.0\.1|::1)\) is a private or internal/,
    );
    expect(receiver.connections()).toBe(0);
    await t.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
  });

  it("follows no redirect, so a receiver cannot send the call on to an internal address", async () => {
    const inner = await startWebhookReceiver();
    try {
      const res = await allowing
        .as(admin)
        .post("/api/admin/webhooks", { url: receiver.url, events: ["match.created"] });
      const id = res.json().id as number;
      receiver.trust(res.json().secret);
      receiver.answerNext(307, undefined, { location: inner.url });
      await sendTestEvent(allowing.ctx, id);
      await deliverDueChatMessages(allowing.ctx, { owner: "redirected" });
      expect(receiver.received).toHaveLength(1);
      expect(inner.connections()).toBe(0);
      const [row] = await t.db
        .select()
        .from(chatDeliveries)
        .where(eq(chatDeliveries.endpointId, id));
      expect(row).toMatchObject({
        state: "failed",
        error: "The receiver answered 307 (a redirect); redirects are not followed.",
      });
      await allowing.as(admin).delete(`/api/admin/webhooks/${id}`);
    } finally {
      await inner.close();
    }
  });

  it("pins the connection to the address it checked", async () => {
    // A name whose every lookup would answer another address still reaches the checked one:
    // the request's own lookup is never asked (the listener sees the call on 127.0.0.1).
    const seen: string[] = [];
    const server = createServer((request, response) => {
      seen.push(request.headers.host ?? "");
      response.writeHead(204).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { pinnedPost } = await import("../outbound/pinned-post");
      const at = (server.address() as AddressInfo).port;
      const answer = await pinnedPost(new URL(`http://localhost:${at}/x`), {
        headers: {},
        body: "{}",
        timeoutMs: 5000,
        allowPrivate: true,
      });
      expect(answer.status).toBe(204);
      expect(seen).toEqual([`localhost:${at}`]);
    } finally {
      server.close();
    }
  });
});

describe("isPublicAddress", () => {
  it("allows public unicast only, in IPv4 and IPv6", () => {
    expect(isPublicAddress("93.184.216.34")).toBe(true);
    expect(isPublicAddress("2606:2800:220:1:248:1893:25c8:1946")).toBe(true);
    for (const internal of [
      "127.0.0.1",
      "0.0.0.0",
      "10.0.0.1",
      "172.16.5.4",
      "192.168.1.1",
      "169.254.169.254",
      "100.64.0.1",
      "::1",
      "::",
      "fe80::1",
      "fd12:3456::1",
      "::ffff:10.0.0.1",
      "::ffff:169.254.169.254",
      "64:ff9b::7f00:1",
      "2002:7f00:1::1",
      "not an address",
    ]) {
      expect(isPublicAddress(internal), internal).toBe(false);
    }
  });
});
