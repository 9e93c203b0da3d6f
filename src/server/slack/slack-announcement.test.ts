import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { matches, outgoingMessages, pairings, users } from "../db/schema";
import { deliverDueChannelMessages } from "../jobs/definitions/channel-transports";
import { runDueSteps } from "../jobs/definitions/round-steps";
import { withMembers } from "../match-members/match-members";
import { checkRoundInvariants } from "../rounds/round-invariants";
import { deliverQueued } from "../test/deliveries";
import { allowEmail, createAdmin, createUser } from "../test/factories";
import { type SlackStandIn, startSlackStandIn } from "../test/slack-stand-in";
import { createTestApp, type TestApp } from "../test/test-app";

/*
 * The round's announcement honours where each person chose to be reached (docs/chat.md, "Where
 * people are reached"), against a local stand-in of Slack's Web API: whoever chose Slack alone
 * and whose whole match Slack knows is introduced in Slack and gets no announcement e-mail;
 * anyone Slack does not know, or matched with someone it does not know, keeps the e-mail.
 */
const TOKEN = "xoxb-announce-token";
const SUBJECT = "Your Cup of Joe match for March 2027";
const clock = fixedClock("2027-02-20T00:00:00Z");
// Eve and Fay are not in the Slack workspace.
const inSlack: Record<string, string> = {
  "ann@tell.test": "UANN",
  "bob@tell.test": "UBOB",
  "cat@tell.test": "UCAT",
  "dan@tell.test": "UDAN",
};
const reach = { ann: "slack", bob: "slack", cat: "slack", dan: "both", eve: "slack", fay: "email" };
let slack: SlackStandIn;
let t: TestApp;

beforeAll(async () => {
  slack = await startSlackStandIn({ token: TOKEN, people: inSlack });
  t = await createTestApp({
    clock,
    env: {
      SLACK_BOT_TOKEN: TOKEN,
      SLACK_SIGNING_SECRET: "announce-secret",
      SLACK_API_URL: slack.url,
    },
  });
  await allowEmail(t.db, "*@tell.test");
  await createAdmin(t.db, { email: "boss@tell.test", participationStatus: "opted_out" });
  for (const [name, reachBy] of Object.entries(reach)) {
    await createUser(t.db, {
      email: `${name}@tell.test`,
      firstName: name[0].toUpperCase() + name.slice(1),
      reachBy: reachBy as "slack" | "both" | "email",
    });
  }
});
afterAll(async () => {
  await t.close();
  await slack.close();
});

describe("the round's announcement and the channel each person chose", () => {
  it("leaves out the e-mail of whoever is told in Slack alone, and keeps it for everyone Slack cannot reach", async () => {
    for (const at of ["2027-02-20T00:00:00Z", "2027-02-26T09:00:00Z", "2027-03-01T09:00:00Z"]) {
      clock.set(at);
      await runDueSteps(t.ctx, { owner: `test-${at}` });
    }
    await deliverQueued(t);
    for (let claimed = 1; claimed > 0; ) {
      claimed = await deliverDueChannelMessages(t.ctx, { owner: "test-worker" });
    }

    const [pairing] = await t.db.select().from(pairings).where(eq(pairings.month, "2027-03"));
    const made = await withMembers(
      t.db,
      await t.db.select().from(matches).where(eq(matches.pairingId, pairing.id)),
    );
    const people = await t.db.select({ id: users.id, email: users.email }).from(users);
    const emailOf = new Map(people.map((p) => [p.id, p.email]));
    const mailed = (await t.outbox())
      .filter((m) => m.subject === SUBJECT)
      .map((m) => m.toAddress)
      .sort();

    // Told in Slack alone: chose Slack only, and every member of the match is in Slack.
    const toldInSlack = made.flatMap((match) => {
      const addresses = match.members.map((m) => emailOf.get(m.userId) as string);
      if (!addresses.every((a) => a in inSlack)) return [];
      return addresses.filter((a) => reach[a.split("@")[0] as keyof typeof reach] === "slack");
    });
    expect(toldInSlack.length).toBeGreaterThan(0);
    const everyone = Object.keys(reach).map((name) => `${name}@tell.test`);
    expect(mailed).toEqual(everyone.filter((a) => !toldInSlack.includes(a)).sort());
    // Eve (Slack does not know her), Fay (e-mail) and Dan (both) always have the e-mail.
    expect(mailed).toEqual(
      expect.arrayContaining(["eve@tell.test", "fay@tell.test", "dan@tell.test"]),
    );
    // The announcement's send log has no row for them, and each of them was introduced in Slack.
    const rows = await t.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.kind, "round-announcement"));
    expect(rows.map((r) => r.recipient).sort()).toEqual(mailed);
    for (const address of toldInSlack) {
      expect(rows.some((r) => r.recipient === address)).toBe(false);
    }
    const intros = await t.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.kind, "intro"));
    for (const address of toldInSlack) {
      const match = made.find((g) => g.members.some((m) => emailOf.get(m.userId) === address));
      const intro = intros.find((i) => i.matchId === match?.id);
      expect(intro?.state).toBe("sent");
    }
    const posted = slack.callsOf("chat.postMessage").map((c) => JSON.stringify(c.args.blocks));
    for (const address of toldInSlack) {
      expect(posted.some((text) => text.includes(`<@${inSlack[address]}>`))).toBe(true);
    }
    await checkRoundInvariants(t.db);
  });
});
