import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import type { UserRow } from "../db/schema";
import { deliverDueChannelMessages } from "../jobs/definitions/channel-transports";
import { allowEmail, createMatch, createPairing, createUser } from "../test/factories";
import { type SlackStandIn, startSlackStandIn } from "../test/slack-stand-in";
import { createTestApp, type TestApp } from "../test/test-app";
import { queueSlackIntros } from "./queue-intros";

/*
 * The Slack intro proposes the three times that fit everyone (docs/scheduling.md, "In Slack"),
 * against a local stand-in of Slack's Web API: each time is Slack's date formatting, which every
 * reader's Slack shows in their own zone, linked to the signed page that books it.
 */
const TOKEN = "xoxb-times-token";
/** Monday 1 March 2027, 09:00 UTC: the pairing's publish. */
const clock = fixedClock("2027-03-01T09:00:00Z");
const slackIds: Record<string, string> = {
  "ada@times.test": "UADA",
  "bob@times.test": "UBOB",
};
let slack: SlackStandIn;
let t: TestApp;
let ada: UserRow;
let bob: UserRow;

beforeAll(async () => {
  slack = await startSlackStandIn({ token: TOKEN, people: slackIds });
  t = await createTestApp({
    clock,
    env: { SLACK_BOT_TOKEN: TOKEN, SLACK_SIGNING_SECRET: "times-secret", SLACK_API_URL: slack.url },
  });
  await allowEmail(t.db, "*@times.test");
  ada = await createUser(t.db, {
    email: "ada@times.test",
    firstName: "Ada",
    reachBy: "slack",
    timeZone: "Europe/Berlin",
  });
  bob = await createUser(t.db, {
    email: "bob@times.test",
    firstName: "Bob",
    reachBy: "slack",
    timeZone: "America/New_York",
  });
});
afterAll(async () => {
  await t.close();
  await slack.close();
});

/** `<!date^unix^format^link|fallback>` in the posted text: Slack formats it in each reader's zone. */
const DATE_LINK = /<!date\^(\d+)\^\{date_short_pretty\}, \{time\}\^([^|>]+)\|([^>]+)>/g;

describe("the Slack intro's proposed times", () => {
  it("proposes the three times of the match, each in the reader's zone and linked to its booking page", async () => {
    const pairing = await createPairing(t.db, { month: "2027-03" });
    const match = await createMatch(t.db, { members: [ada, bob], pairing });
    expect(await queueSlackIntros(t.ctx, pairing.id, ["What are you reading?"])).toBe(1);
    for (let claimed = 1; claimed > 0; ) {
      claimed = await deliverDueChannelMessages(t.ctx, { owner: "test-worker" });
    }

    const [intro] = slack.callsOf("chat.postMessage");
    const blocks = intro.args.blocks as Array<{ text?: { text: string } }>;
    const text = blocks.map((block) => block.text?.text ?? "").join("\n");
    const found = [...text.matchAll(DATE_LINK)];
    const expected = (await t.as(ada).get(`/api/matches/${match.id}/times`)).json().times;
    expect(expected).toHaveLength(3);
    expect(found).toHaveLength(3);
    for (const [i, [, unix, link, fallback]] of found.entries()) {
      const start = new Date(Number(unix) * 1000).toISOString();
      expect(start).toBe(expected[i].start);
      const url = new URL(link);
      expect(url.pathname).toBe("/book-time");
      expect(url.searchParams.get("start")).toBe(start);
      expect(fallback).toMatch(/^\w{3}, \w{3} \d{1,2}, \d{2}:\d{2} UTC$/);
    }

    // The link's page books the time for the match, without a sign-in.
    const link = new URL(found[1][2]);
    const res = await t.post("/api/book-time", {
      token: link.searchParams.get("token"),
      start: link.searchParams.get("start"),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ invitation: { start: expected[1].start } });
  });
});
