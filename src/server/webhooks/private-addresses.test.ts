import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { outgoingMessages, webhookEndpoints } from "../db/schema";
import { deliverDueChannelMessages } from "../jobs/definitions/channel-transports";
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
  // Each refused range, for webhooks and calendars alike: outbound/refused-addresses.test.ts.
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
    expect(await deliverDueChannelMessages(t.ctx, { owner: "refuser" })).toBe(1);
    const [row] = await t.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.endpointId, endpoint.id));
    expect(row.state).toBe("failed");
    expect(row.errorMessage).toMatch(
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
      await deliverDueChannelMessages(allowing.ctx, { owner: "redirected" });
      expect(receiver.received).toHaveLength(1);
      expect(inner.connections()).toBe(0);
      const [row] = await t.db
        .select()
        .from(outgoingMessages)
        .where(eq(outgoingMessages.endpointId, id));
      expect(row).toMatchObject({
        state: "failed",
        errorMessage: "The receiver answered 307 (a redirect); redirects are not followed.",
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
