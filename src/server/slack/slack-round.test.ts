import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkInConfirmations, NOT_YET_NO_REMINDER } from "../../shared/check-in-answers";
import { getAuthSecret } from "../app-secret";
import { recordCheckInAnswer } from "../check-ins/answer-check-in";
import { remindCheckIns } from "../check-ins/remind-check-ins";
import { fixedClock } from "../clock";
import { matches, outgoingMessages, pairings, users } from "../db/schema";
import { deliverDueChannelMessages } from "../jobs/definitions/channel-transports";
import { runDueSteps } from "../jobs/definitions/round-steps";
import { signLinkToken } from "../mail/signed-links";
import { withMembers } from "../match-members/match-members";
import { DEFAULT_STARTERS } from "../newsletters/newsletter-defaults";
import { checkRoundInvariants } from "../rounds/round-invariants";
import { allowEmail, createAdmin, createUser } from "../test/factories";
import { type SlackCall, type SlackStandIn, startSlackStandIn } from "../test/slack-stand-in";
import { storedAnswers } from "../test/stored-match";
import { createTestApp, TEST_APP_URL, type TestApp } from "../test/test-app";
import { queueDueNudges } from "./queue-nudges";
import { signSlackBody } from "./slack-signature";

/*
 * A month in Slack (docs/chat.md), against a local stand-in of Slack's Web API: the round is
 * published and each match is introduced in its own conversation, a silent match is nudged, the
 * check-in arrives as a direct message and a button press is recorded like the e-mail's.
 */
const TOKEN = "xoxb-test-token";
const SIGNING_SECRET = "slack-signing-secret-for-tests";
const clock = fixedClock("2027-02-20T00:00:00Z");
const people: Record<string, string> = {
  "ann@slack.test": "UANN",
  "bob@slack.test": "UBOB",
  "cat@slack.test": "UCAT",
  "dan@slack.test": "UDAN",
};
let slack: SlackStandIn;
let t: TestApp;

beforeAll(async () => {
  slack = await startSlackStandIn({ token: TOKEN, people });
  t = await createTestApp({
    clock,
    env: { SLACK_BOT_TOKEN: TOKEN, SLACK_SIGNING_SECRET: SIGNING_SECRET, SLACK_API_URL: slack.url },
  });
  await allowEmail(t.db, "*@slack.test");
  await createAdmin(t.db, { email: "boss@slack.test", participationStatus: "opted_out" });
  const departments = { ann: "Finance", bob: "Design", cat: "Sales", dan: "Support" };
  for (const [name, department] of Object.entries(departments)) {
    await createUser(t.db, {
      email: `${name}@slack.test`,
      firstName: name[0].toUpperCase() + name.slice(1),
      lastName: "Lee",
      department,
      reachBy: name === "dan" ? "both" : "slack",
      meetWay: "either",
      office: "Berlin",
      interests: ["climbing", name],
    });
  }
});
afterAll(async () => {
  await t.close();
  await slack.close();
});

const at = async (iso: string) => {
  clock.set(iso);
  return (await runDueSteps(t.ctx, { owner: `test-${iso}` })).map((r) => [r.kind, r.state]);
};
/** Runs chat passes until nothing is due, as the worker would. */
const drain = async (owner = "test-worker") => {
  let total = 0;
  for (let claimed = 1; claimed > 0; ) {
    claimed = await deliverDueChannelMessages(t.ctx, { owner });
    total += claimed;
  }
  return total;
};
const slackIdOf = async (userId: string) => {
  const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return people[row.email];
};
const marchMatches = async () => {
  const [pairing] = await t.db.select().from(pairings).where(eq(pairings.month, "2027-03"));
  return withMembers(
    t.db,
    await t.db.select().from(matches).where(eq(matches.pairingId, pairing.id)).orderBy(matches.id),
  );
};
const textOf = (call: SlackCall) => JSON.stringify(call.args.blocks);

/** A `block_actions` press as Slack posts it, signed with the app's secret at the clock's time. */
function press(
  slackUserId: string,
  action: string,
  matchId: number,
  message: { channel: string; ts: string },
  options: { secret?: string; ageSeconds?: number } = {},
) {
  const payload = {
    type: "block_actions",
    user: { id: slackUserId, username: slackUserId.toLowerCase() },
    container: { type: "message", channel_id: message.channel, message_ts: message.ts },
    message: { ts: message.ts, text: "Did you meet someone? (March 2027)" },
    actions: [
      {
        action_id: action,
        block_id: "check_in",
        value: String(matchId),
        action_ts: `${Date.now()}.1`,
      },
    ],
  };
  const body = new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
  const timestamp = String(Math.floor(clock.now().getTime() / 1000) - (options.ageSeconds ?? 0));
  return t.app.inject({
    method: "POST",
    url: "/api/slack/interactions",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-slack-request-timestamp": timestamp,
      "x-slack-signature": signSlackBody(options.secret ?? SIGNING_SECRET, timestamp, body),
    },
    payload: body,
  });
}

describe("the intro and the nudge", () => {
  it("introduces each match once in a conversation of exactly its members, naming departments, an organiser, a starter and the schedule link", async () => {
    await at("2027-02-20T00:00:00Z");
    expect(await at("2027-02-26T09:00:00Z")).toEqual([["draft", "done"]]);
    expect(await at("2027-03-01T09:00:00Z")).toEqual([["publish", "done"]]);
    expect(await drain()).toBe(2);

    const made = await marchMatches();
    expect(made).toHaveLength(2);
    const opened = slack
      .callsOf("conversations.open")
      .map((c) => String(c.args.users).split(",").sort());
    const expected = await Promise.all(
      made.map(async (m) => (await Promise.all(m.members.map((x) => slackIdOf(x.userId)))).sort()),
    );
    expect(opened.sort()).toEqual(expected.sort());
    const posts = slack.callsOf("chat.postMessage");
    expect(posts).toHaveLength(2);
    for (const post of posts) {
      expect(post.token).toBe(TOKEN);
      expect(post.args.channel).toMatch(/^G/);
      const text = textOf(post);
      expect(text).toMatch(/\((Finance|Design|Sales|Support)\)/);
      expect(text).toContain("Organiser this month");
      // The e-mail intro's line, from the same function (mail/together-line.ts).
      expect(text).toContain("You meet in person at the Berlin office. You both like climbing.");
      expect(DEFAULT_STARTERS.some((s) => text.includes(s))).toBe(true);
      expect(text).toContain(`${TEST_APP_URL}/matches`);
    }
    // The organiser is a member of the match, named on its row.
    const intros = await t.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.kind, "intro"));
    for (const intro of intros) {
      const match = made.find((m) => m.id === intro.matchId);
      expect(match?.members.map((m) => m.userId)).toContain(intro.organiserId);
      expect(intro.state).toBe("sent");
    }
    // Looked up once each, then remembered.
    expect(slack.callsOf("users.lookupByEmail")).toHaveLength(4);
    // Nothing is due again; a publish run again queues nothing new.
    expect(await drain()).toBe(0);
    await checkRoundInvariants(t.db);
  });

  it("nudges a silent match's organiser once in its conversation, a few days after the intro", async () => {
    const [quiet, answered] = await marchMatches();
    // One member of the other match reports meeting on the Matches page before the nudge.
    clock.set("2027-03-03T12:00:00Z");
    await recordCheckInAnswer(t.ctx, {
      userId: answered.members[0].userId,
      matchId: answered.id,
      answer: "met",
    });
    await drain();

    clock.set("2027-03-04T08:00:00Z");
    expect(await queueDueNudges(t.ctx)).toBe(0);
    clock.set("2027-03-05T09:00:00Z");
    expect(await queueDueNudges(t.ctx)).toBe(2);
    await drain();
    const nudges = slack
      .callsOf("chat.postMessage")
      .filter((c) => textOf(c).includes("gentle nudge"));
    expect(nudges).toHaveLength(1);
    const [intro] = await t.db
      .select()
      .from(outgoingMessages)
      .where(and(eq(outgoingMessages.kind, "intro"), eq(outgoingMessages.matchId, quiet.id)));
    expect(nudges[0].args.channel).toBe((intro.result as { channel: string }).channel);
    expect(textOf(nudges[0])).toContain(`<@${await slackIdOf(intro.organiserId as string)}>`);
    expect(await queueDueNudges(t.ctx)).toBe(0);
    const skipped = await t.db
      .select()
      .from(outgoingMessages)
      .where(and(eq(outgoingMessages.kind, "nudge"), eq(outgoingMessages.matchId, answered.id)));
    expect(skipped[0].state).toBe("skipped");
  });
});

describe("the check-in in Slack", () => {
  it("asks 'Did you meet?' as a direct message with three buttons, by e-mail too only for whoever chose both", async () => {
    expect(await at("2027-03-08T09:00:00Z")).toEqual([["check-in", "done"]]);
    const asked = (await t.outbox()).filter((m) => m.subject.startsWith("Did you meet"));
    // The one who already answered is not asked; Dan (e-mail and Slack) gets the e-mail too.
    const [quiet, answered] = await marchMatches();
    const pending = [...quiet.members, ...answered.members.slice(1)].map((m) => m.userId);
    const danId = (await t.db.select().from(users).where(eq(users.email, "dan@slack.test")))[0].id;
    expect(asked.map((m) => m.toAddress)).toEqual(
      pending.includes(danId) ? ["dan@slack.test"] : [],
    );
    expect(await drain()).toBe(pending.length);
    const questions = slack
      .callsOf("chat.postMessage")
      .filter((c) => String(c.args.text).startsWith("Did you meet"));
    expect(questions).toHaveLength(pending.length);
    for (const q of questions) {
      expect(q.args.channel).toMatch(/^D/);
      const buttons = (q.args.blocks as Array<{ elements?: Array<{ action_id: string }> }>)
        .flatMap((b) => b.elements ?? [])
        .map((e) => e.action_id);
      expect(buttons).toEqual(["check_in_met", "check_in_not_yet", "check_in_skip"]);
    }
  });

  it("records a press exactly as the e-mail check-in does and updates the message; a bad signature or an old timestamp records nothing", async () => {
    const [quiet] = await marchMatches();
    const member = quiet.members[0];
    const slackId = await slackIdOf(member.userId);
    const [question] = await t.db
      .select()
      .from(outgoingMessages)
      .where(
        and(eq(outgoingMessages.kind, "check_in"), eq(outgoingMessages.userId, member.userId)),
      );
    const message = question.result as { channel: string; ts: string };

    const forged = await press(slackId, "check_in_met", quiet.id, message, {
      secret: "not-the-secret",
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toMatch(/not signed by Slack/);
    const replayed = await press(slackId, "check_in_met", quiet.id, message, {
      ageSeconds: 6 * 60,
    });
    expect(replayed.statusCode).toBe(401);
    expect(await storedAnswers(t.db, quiet.id)).toEqual([null, null]);

    const ok = await press(slackId, "check_in_met", quiet.id, message);
    expect(ok.statusCode).toBe(200);
    expect((await storedAnswers(t.db, quiet.id))[0]).toBe("met");
    await drain();
    const [update] = slack.callsOf("chat.update");
    expect(update.args).toMatchObject({ channel: message.channel, ts: message.ts });
    expect(textOf(update)).toContain("counts as met");
    await checkRoundInvariants(t.db);
  });

  it("shows an answer given on the check-in page in the Slack question already sent", async () => {
    const [quiet] = await marchMatches();
    const member = quiet.members[1];
    const [question] = await t.db
      .select()
      .from(outgoingMessages)
      .where(
        and(eq(outgoingMessages.kind, "check_in"), eq(outgoingMessages.userId, member.userId)),
      );
    expect(question.state).toBe("sent");
    const message = question.result as { channel: string; ts: string };
    const token = signLinkToken(await getAuthSecret(t.ctx), "check-in", {
      userId: member.userId,
      id: quiet.id,
      expiresAt: new Date(clock.now().getTime() + 7 * 86_400_000),
    });
    const res = await t.post("/api/check-in", { token, answer: "not_yet" });
    expect(res.statusCode).toBe(200);
    expect((await storedAnswers(t.db, quiet.id))[1]).toBe("not_yet");
    await drain();
    const updates = slack
      .callsOf("chat.update")
      .filter((c) => c.args.channel === message.channel && c.args.ts === message.ts);
    expect(updates).toHaveLength(1);
    const partner = quiet.members[0].userId;
    const [{ firstName }] = await t.db.select().from(users).where(eq(users.id, partner));
    expect(textOf(updates[0])).toContain(`Did you meet ${firstName} Lee?`);
    // Asked in Slack alone: nobody asks again; Dan, who chose both, gets the e-mail reminder
    // (docs/check-ins.md). The engine's draw decides whether he is this member.
    const [{ email }] = await t.db.select().from(users).where(eq(users.id, member.userId));
    expect(textOf(updates[0])).toContain(
      email === "dan@slack.test" ? checkInConfirmations.not_yet : NOT_YET_NO_REMINDER,
    );
    // The update is addressed to the person in the ledger, like their question.
    const [row] = await t.db
      .select()
      .from(outgoingMessages)
      .where(
        and(
          eq(outgoingMessages.kind, "check_in_update"),
          eq(outgoingMessages.userId, member.userId),
        ),
      );
    expect(row.state).toBe("sent");
    await checkRoundInvariants(t.db);
  });

  it("answers a press for a match that is not the presser's kindly in the message", async () => {
    const [quiet, answered] = await marchMatches();
    const outsider = await slackIdOf(answered.members[1].userId);
    const before = await storedAnswers(t.db, quiet.id);
    const res = await press(outsider, "check_in_skip", quiet.id, {
      channel: "D9",
      ts: "1700000099.000100",
    });
    expect(res.statusCode).toBe(200);
    expect(await storedAnswers(t.db, quiet.id)).toEqual(before);
    await drain();
    const update = slack.callsOf("chat.update").find((c) => c.args.ts === "1700000099.000100");
    expect(textOf(update as SlackCall)).toContain("Your match has changed");
  });

  it("sends no e-mail reminder to whoever was asked in Slack alone", async () => {
    const [quiet] = await marchMatches();
    await remindCheckIns(t.ctx, { pairingId: quiet.pairingId });
    const toSlackOnly = (await t.outbox()).filter(
      (m) => m.subject.includes("Did you meet") && m.toAddress !== "dan@slack.test",
    );
    expect(toSlackOnly).toEqual([]);
  });
});
