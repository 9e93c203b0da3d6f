import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { askCheckIns } from "../check-ins/ask-check-ins";
import { fixedClock } from "../clock";
import { outgoingMessages } from "../db/schema";
import { deliverDueChannelMessages } from "../jobs/definitions/channel-transports";
import { announceInChannels } from "../newsletters/send/announce-in-channels";
import { CHANNEL_LEASE_MS } from "../outbox/channel-lanes";
import { allowEmail, createMatch, createPairing, createUser } from "../test/factories";
import { type SlackStandIn, startSlackStandIn } from "../test/slack-stand-in";
import { createTestApp, type TestApp } from "../test/test-app";

/*
 * The chat ledger's promises (docs/chat.md, "Deliveries"), against the Slack stand-in: Slack's
 * rate limit is waited out as its Retry-After asks, an outage is retried with backoff, a process
 * that dies mid-intro leaves no intro sent twice, and the organiser's role rotates month by month.
 */
const TOKEN = "xoxb-ledger-token";
const clock = fixedClock("2027-03-01T09:00:00Z");
let slack: SlackStandIn;
let t: TestApp;
let n = 0;
const people: Record<string, string> = {};

beforeAll(async () => {
  slack = await startSlackStandIn({ token: TOKEN, people });
  t = await createTestApp({
    clock,
    env: {
      SLACK_BOT_TOKEN: TOKEN,
      SLACK_SIGNING_SECRET: "ledger-secret",
      SLACK_API_URL: slack.url,
    },
  });
  await allowEmail(t.db, "*@ledger.test");
});
afterAll(async () => {
  await t.close();
  await slack.close();
});

/** A person Slack knows, reached in Slack. */
async function person() {
  const email = `p${++n}@ledger.test`;
  people[email] = `U${n}`;
  return createUser(t.db, { email, firstName: `P${n}`, lastName: "Lee", reachBy: "slack" });
}

/** A running pairing of `count` pairs, announced in the channels (its intros queued). */
async function announcedPairs(count: number, month = "2027-03") {
  const pairing = await createPairing(t.db, { month, status: "active" });
  const made = [];
  for (let i = 0; i < count; i++) {
    made.push(await createMatch(t.db, { members: [await person(), await person()], pairing }));
  }
  await announceInChannels(t.ctx, pairing.id);
  return made;
}

const introOf = async (matchId: number) =>
  (
    await t.db
      .select()
      .from(outgoingMessages)
      .where(and(eq(outgoingMessages.kind, "intro"), eq(outgoingMessages.matchId, matchId)))
  )[0];
const postsTo = (channel: unknown) =>
  slack.callsOf("chat.postMessage").filter((c) => c.args.channel === channel);

describe("Slack's rate limit", () => {
  it("waits as long as Retry-After asks, then sends once, keeping the conversation it opened", async () => {
    const [match] = await announcedPairs(1);
    slack.rateLimitNext("chat.postMessage", 30);
    expect(await deliverDueChannelMessages(t.ctx, { owner: "w1" })).toBe(1);
    const waiting = await introOf(match.id);
    expect(waiting.state).toBe("pending");
    expect(waiting.errorMessage).toMatch(/rate-limited/);
    expect(waiting.nextAttemptAt?.getTime()).toBe(clock.now().getTime() + 30_000);

    const callsBefore = slack.calls.length;
    clock.advance(29_000);
    expect(await deliverDueChannelMessages(t.ctx, { owner: "w1" })).toBe(0);
    expect(slack.calls.length).toBe(callsBefore);
    clock.advance(1_000);
    expect(await deliverDueChannelMessages(t.ctx, { owner: "w1" })).toBe(1);
    const sent = await introOf(match.id);
    expect(sent).toMatchObject({ state: "sent", attempts: 2 });
    const channel = (sent.result as { channel: string }).channel;
    expect(postsTo(channel).filter((c) => c.args.text !== undefined)).toHaveLength(2);
    expect(
      slack
        .callsOf("conversations.open")
        .filter((c) => String(c.args.users).includes(people[`p${n}@ledger.test`])),
    ).toHaveLength(1);
  });
});

describe("an outage of Slack", () => {
  it("is retried with backoff and the message goes out once Slack answers again", async () => {
    const [match] = await announcedPairs(1);
    slack.failNext("conversations.open", 503);
    await deliverDueChannelMessages(t.ctx, { owner: "w1" });
    const waiting = await introOf(match.id);
    expect(waiting.state).toBe("pending");
    const delay = (waiting.nextAttemptAt as Date).getTime() - clock.now().getTime();
    expect(delay).toBeGreaterThanOrEqual(1000);
    expect(delay).toBeLessThanOrEqual(2000);
    expect(waiting.firstFailedAt?.toISOString()).toBe(clock.now().toISOString());
    clock.advance(2000);
    expect(await deliverDueChannelMessages(t.ctx, { owner: "w1" })).toBe(1);
    expect(await introOf(match.id)).toMatchObject({ state: "sent", firstFailedAt: null });
  });
});

describe("a process that dies mid-intro", () => {
  it("leaves every match introduced exactly once after the next process takes over", async () => {
    const made = await announcedPairs(3);
    // The dead process sent the first intro, then died waiting for Slack to open the second.
    const hold = slack.holdCall("conversations.open", 2);
    const dead = deliverDueChannelMessages(t.ctx, { owner: "dead" });
    await expect
      .poll(async () => (await introOf(made[0].id)).state, { timeout: 20_000 })
      .toBe("sent");
    await expect.poll(() => hold.arrived(), { timeout: 20_000 }).toBe(true);

    // Until its lease runs out, nobody takes its claimed rows.
    expect(await deliverDueChannelMessages(t.ctx, { owner: "next" })).toBe(0);
    clock.advance(CHANNEL_LEASE_MS);
    expect(await deliverDueChannelMessages(t.ctx, { owner: "next" })).toBe(2);
    hold.release();
    await dead;

    for (const match of made) {
      const intro = await introOf(match.id);
      expect(intro.state).toBe("sent");
      expect(postsTo((intro.result as { channel: string }).channel)).toHaveLength(1);
    }
    // The dead process's late answer changed nothing.
    expect(await deliverDueChannelMessages(t.ctx, { owner: "next" })).toBe(0);
  });
});

describe("the organiser", () => {
  it("rotates between the same two people month by month", async () => {
    const ann = await person();
    const bob = await person();
    const organisers = [];
    for (const month of ["2027-04", "2027-05", "2027-06", "2027-07"]) {
      const pairing = await createPairing(t.db, { month, status: "active" });
      const match = await createMatch(t.db, { members: [ann, bob], pairing });
      await announceInChannels(t.ctx, pairing.id);
      organisers.push((await introOf(match.id)).organiserId);
    }
    expect(organisers[0]).not.toBe(organisers[1]);
    expect(organisers).toEqual([organisers[0], organisers[1], organisers[0], organisers[1]]);
  });
});

describe("a person Slack does not know", () => {
  it("keeps getting e-mail: the check-in comes by e-mail and the match's intro is skipped", async () => {
    const ann = await person();
    const zed = await createUser(t.db, {
      email: "zed@ledger.test",
      firstName: "Zed",
      lastName: "Lee",
      reachBy: "slack",
    });
    const pairing = await createPairing(t.db, { month: "2027-08", status: "active" });
    const match = await createMatch(t.db, { members: [ann, zed], pairing });
    await announceInChannels(t.ctx, pairing.id);
    await deliverDueChannelMessages(t.ctx, { owner: "w1" });
    expect(await introOf(match.id)).toMatchObject({ state: "skipped" });

    await askCheckIns(t.ctx, { pairingId: pairing.id });
    const mailed = (await t.outbox()).filter((m) => m.subject.startsWith("Did you meet"));
    expect(mailed.map((m) => m.toAddress)).toEqual(["zed@ledger.test"]);
    const asked = await t.db
      .select()
      .from(outgoingMessages)
      .where(and(eq(outgoingMessages.kind, "check_in"), eq(outgoingMessages.matchId, match.id)));
    expect(asked.map((a) => a.userId)).toEqual([ann.id]);
  });
});
