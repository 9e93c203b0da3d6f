import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { outgoingMessages, slackPeople, type UserRow } from "../db/schema";
import { deliverDueChannelMessages } from "../jobs/definitions/channel-transports";
import { removeMember } from "../match-members/match-members";
import { allowEmail, createMatch, createPairing, createUser } from "../test/factories";
import { type SlackCall, type SlackStandIn, startSlackStandIn } from "../test/slack-stand-in";
import { storedAnswers } from "../test/stored-match";
import { createTestApp, type TestApp } from "../test/test-app";
import { queueSlackIntros } from "./queue-intros";
import { queueDueNudges } from "./queue-nudges";
import { signSlackBody } from "./slack-signature";

/*
 * Slack messages to a match that changed after its intro was queued (docs/chat.md): they go to
 * the people in the match now, never to the conversation of the people it had, and name an
 * organiser who is still in it; a press is taken for the right one of two accounts sharing a
 * Slack id.
 */
const TOKEN = "xoxb-changed-token";
const SECRET = "changed-signing-secret";
const clock = fixedClock("2027-03-01T09:00:00Z");
const names = ["ann", "bob", "cat", "dee", "eve", "fay"];
const slackIds = Object.fromEntries(names.map((n) => [`${n}@changed.test`, `U${n.toUpperCase()}`]));
let slack: SlackStandIn;
let t: TestApp;
const person: Record<string, UserRow> = {};

beforeAll(async () => {
  slack = await startSlackStandIn({ token: TOKEN, people: slackIds });
  t = await createTestApp({
    clock,
    env: { SLACK_BOT_TOKEN: TOKEN, SLACK_SIGNING_SECRET: SECRET, SLACK_API_URL: slack.url },
  });
  await allowEmail(t.db, "*@changed.test");
  for (const name of names) {
    person[name] = await createUser(t.db, {
      email: `${name}@changed.test`,
      firstName: name,
      reachBy: "slack",
    });
  }
});
afterAll(async () => {
  await t.close();
  await slack.close();
});

const slackIdOf = (user: UserRow) => slackIds[user.email];
const drain = async () => {
  for (let claimed = 1; claimed > 0; ) {
    claimed = await deliverDueChannelMessages(t.ctx, { owner: "test-worker" });
  }
};
/** A trio in a pairing of its own, with its Slack intro queued; resolves the match and the intro row. */
async function trioWithIntro(members: UserRow[], month: string) {
  const pairing = await createPairing(t.db, { month });
  const match = await createMatch(t.db, { members, pairing });
  expect(await queueSlackIntros(t.ctx, pairing.id, ["What are you reading?"])).toBe(1);
  return { match, intro: async () => deliveryOf(`slack:intro:match-${match.id}`) };
}
async function deliveryOf(key: string) {
  const [row] = await t.db.select().from(outgoingMessages).where(eq(outgoingMessages.onceKey, key));
  return row;
}
const postsTo = (channel: string): SlackCall[] =>
  slack.callsOf("chat.postMessage").filter((c) => c.args.channel === channel);
/** The conversation the stand-in opened for exactly these people (it answers one per set). */
async function conversationOfPeople(users: UserRow[]) {
  const ids = users.map(slackIdOf).sort().join(",");
  const open = slack.callsOf("conversations.open").filter((c) => c.args.users);
  const found = open.find((c) => String(c.args.users).split(",").sort().join(",") === ids);
  return found ? ids : null;
}

describe("a match that changed after its intro was queued", () => {
  it("nudges the people in the match now, in their own conversation, naming an organiser still in it", async () => {
    const trio = [person.dee, person.eve, person.fay];
    const { match, intro } = await trioWithIntro(trio, "2027-03");
    await drain();
    const sent = await intro();
    expect(sent.state).toBe("sent");
    const introChannel = (sent.result as { channel: string }).channel;
    const organiser = trio.find((u) => u.id === sent.organiserId) as UserRow;
    // The organiser leaves the match before the nudge.
    await removeMember(t.db, match.id, organiser.id);
    const stay = trio.filter((u) => u !== organiser);

    clock.advance(4 * 86_400_000 + 3_600_000);
    expect(await queueDueNudges(t.ctx)).toBeGreaterThanOrEqual(1);
    await drain();
    const nudge = await deliveryOf(`slack:nudge:match-${match.id}`);
    expect(nudge.state).toBe("sent");
    const channel = (nudge.result as { channel: string }).channel;
    expect(channel).not.toBe(introChannel);
    expect(await conversationOfPeople(stay)).not.toBeNull();
    const [posted] = postsTo(channel);
    const text = JSON.stringify(posted.args.blocks);
    expect(text).toContain("gentle nudge");
    expect(text).not.toContain(slackIdOf(organiser));
    expect(stay.some((u) => text.includes(`<@${slackIdOf(u)}>`))).toBe(true);
    expect(postsTo(introChannel).some((c) => JSON.stringify(c.args).includes("nudge"))).toBe(false);
  });

  it("posts a retried intro in a conversation of the members now, not the one opened for the old ones", async () => {
    const trio = [person.ann, person.bob, person.cat];
    const { match, intro } = await trioWithIntro(trio, "2027-04");
    // The conversation opens, then the post fails: the intro is tried again later.
    slack.failNext("chat.postMessage", 500);
    await drain();
    const failed = await intro();
    expect(failed.state).toBe("pending");
    const firstChannel = (failed.result as { channel: string }).channel;
    expect(firstChannel).toBeTruthy();
    const organiser = trio.find((u) => u.id === failed.organiserId) as UserRow;
    await removeMember(t.db, match.id, organiser.id);
    const stay = trio.filter((u) => u !== organiser);

    clock.advance(3_600_000);
    await drain();
    const sent = await intro();
    expect(sent.state).toBe("sent");
    const channel = (sent.result as { channel: string }).channel;
    expect(channel).not.toBe(firstChannel);
    expect(await conversationOfPeople(stay)).not.toBeNull();
    // Only the attempt that failed went to the old conversation.
    expect(postsTo(firstChannel)).toHaveLength(1);
    const text = JSON.stringify(postsTo(channel)[0].args.blocks);
    expect(text).not.toContain(slackIdOf(organiser));
    expect(text).toContain("Organiser this month");
  });
});

describe("two accounts under one Slack id", () => {
  it("takes a check-in press for the account in the pressed match", async () => {
    const ann = person.ann;
    const bob = person.bob;
    // An older account whose address Slack also resolves to Ann, remembered first.
    const old = await createUser(t.db, { email: "ann.old@changed.test", firstName: "ann" });
    const lookedUpAt = clock.now();
    await t.db.delete(slackPeople).where(eq(slackPeople.slackUserId, slackIdOf(ann)));
    await t.db.insert(slackPeople).values([
      { userId: old.id, email: old.email, slackUserId: slackIdOf(ann), lookedUpAt },
      { userId: ann.id, email: ann.email, slackUserId: slackIdOf(ann), lookedUpAt },
    ]);
    const match = await createMatch(t.db, {
      members: [ann, bob],
      pairing: await createPairing(t.db, { month: "2027-05" }),
    });
    const answer = await press(slackIdOf(ann), match.id);
    expect(answer.statusCode).toBe(200);
    expect(await storedAnswers(t.db, match.id)).toEqual(["met", null]);
    const [update] = await t.db
      .select()
      .from(outgoingMessages)
      .where(
        and(eq(outgoingMessages.kind, "check_in_update"), eq(outgoingMessages.userId, ann.id)),
      );
    expect(JSON.stringify(update.data)).not.toContain("not yours");
  });
});

/** A signed `block_actions` press of "Met" on the check-in of `matchId`. */
function press(slackUserId: string, matchId: number) {
  const payload = {
    type: "block_actions",
    user: { id: slackUserId },
    container: { type: "message", channel_id: "D1", message_ts: "1700000001.000100" },
    message: { ts: "1700000001.000100", text: "Did you meet Bob? (May 2027)" },
    actions: [{ action_id: "check_in_met", value: String(matchId), action_ts: "1.1" }],
  };
  const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
  const timestamp = String(Math.floor(clock.now().getTime() / 1000));
  return t.app.inject({
    method: "POST",
    url: "/api/slack/interactions",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-slack-request-timestamp": timestamp,
      "x-slack-signature": signSlackBody(SECRET, timestamp, body),
    },
    payload: body,
  });
}
