import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { fixedClock } from "../clock";
import { outgoingMessages } from "../db/schema";
import { deliverDueChannelMessages } from "../jobs/definitions/channel-transports";
import { createAdmin } from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { startWebhookReceiver, type WebhookReceiver } from "../test/webhook-receiver";
import { webhookEvent } from "./kinds/webhook-event";
import { queue } from "./queue";

// docs/mail.md, "Adding a message": every kind's payload is parsed with its schema when the worker
// reads the row. A row whose data is not its kind's is given up with the reason, said in the log,
// and the lane goes on to the next message: the worker never stops on it.
const clock = fixedClock(new Date());
let t: TestApp;
let receiver: WebhookReceiver;
let endpointId: number;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestApp({ clock, env: { WEBHOOK_ALLOW_PRIVATE: "1" } });
  const admin = await createAdmin(t.db, { email: "boss@payload.test" });
  const res = await t.as(admin).post("/api/admin/webhooks", {
    url: receiver.url,
    events: ["match.created"],
  });
  receiver.trust(res.json().secret);
  endpointId = res.json().id;
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

/** The webhook kind without its schema, so a test can queue what the real kind never would. */
const unchecked = { ...webhookEvent, schema: z.unknown() };

describe("a channel row whose payload is not its kind's", () => {
  it("fails with the reason in the row and the log, and the next call on the lane still goes", async () => {
    const to = (occasion: string) => ({ endpointId, occasion });
    await queue(t.ctx, t.db, unchecked, [to("broken")], { id: "msg_1", type: "match.created" });
    await queue(t.ctx, t.db, webhookEvent, [to("fine")], {
      id: "msg_2",
      type: "match.created",
      timestamp: clock.now().toISOString(),
      data: { matchId: 2 },
    });
    const log: string[] = [];
    await deliverDueChannelMessages(t.ctx, { owner: "test", log: (line) => log.push(line) });
    const rows = await t.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.channel, "webhook"));
    const broken = rows.find((row) => row.onceKey?.endsWith(":broken"));
    expect(broken).toMatchObject({ state: "failed" });
    expect(broken?.errorMessage).toMatch(/^Its data is not a webhook event's: timestamp: /);
    expect(log.join("\n")).toContain(`the webhook message ${broken?.id} failed`);
    expect(rows.find((row) => row.onceKey?.endsWith(":fine"))).toMatchObject({ state: "sent" });
    expect(receiver.received.map((call) => call.id)).toEqual(["msg_2"]);
  });
});
