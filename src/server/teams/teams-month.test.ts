import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { matches, outgoingMessages, pairings, teamsPeople, users } from "../db/schema";
import { deliverDueChannelMessages } from "../jobs/definitions/channel-transports";
import { runDueSteps } from "../jobs/definitions/round-steps";
import { withMembers } from "../match-members/match-members";
import { mailFailedIntro } from "../newsletters/send/failed-intro-mail";
import { checkRoundInvariants } from "../rounds/round-invariants";
import { deliverQueued } from "../test/deliveries";
import { allowEmail, createAdmin, createUser } from "../test/factories";
import { storedAnswers } from "../test/stored-match";
import { startTeamsStandIn, type TeamsStandIn } from "../test/teams-stand-in";
import { createTestApp, type TestApp } from "../test/test-app";
import { queueDueTeamsNudges } from "./queue-teams";

/*
 * A month in Microsoft Teams (docs/chat.md, "Microsoft Teams"), against a loopback stand-in of
 * Microsoft's token endpoint, Graph and the Bot Connector, with activities signed by a key its
 * OpenID metadata serves: five people who chose Teams make a pair and a trio; the pair gets a card
 * each in their 1:1 chat, the trio one group chat; a throttled post waits for its Retry-After; the
 * check-in's Met is recorded like the e-mail's; nudges go to the same conversations.
 */
const APP_ID = "5d6c7b8a-1f2e-4d3c-9b8a-7f6e5d4c3b2a";
const TENANT = "contoso-tenant";
const clock = fixedClock("2027-02-20T00:00:00Z");
const names = ["ada", "bob", "cy", "dee", "fay"];
const objectIds = Object.fromEntries(names.map((n, i) => [`${n}@teams.test`, `aad-${i + 1}-${n}`]));
let teams: TeamsStandIn;
let t: TestApp;

const teamsEnv = (standIn: TeamsStandIn) => ({
  TEAMS_APP_ID: APP_ID,
  TEAMS_APP_PASSWORD: "app-secret",
  TEAMS_TENANT_ID: TENANT,
  ...standIn.env,
});

beforeAll(async () => {
  teams = await startTeamsStandIn({
    tenantId: TENANT,
    appId: APP_ID,
    password: "app-secret",
    people: objectIds,
    catalogId: "catalog-app-1",
    now: () => clock.now(),
  });
  t = await createTestApp({ clock, env: teamsEnv(teams) });
  await allowEmail(t.db, "*@teams.test");
  await createAdmin(t.db, { email: "boss@teams.test", participationStatus: "opted_out" });
  for (const name of names) {
    await createUser(t.db, {
      email: `${name}@teams.test`,
      firstName: name[0].toUpperCase() + name.slice(1),
      lastName: "Lee",
      department: `${name.toUpperCase()} team`,
      bio: `${name} likes tea`,
      reachBy: "teams",
      meetWay: "online",
      interests: ["chess"],
    });
  }
});
afterAll(async () => {
  await t?.close();
  await teams?.close();
});

const at = async (iso: string) => {
  clock.set(iso);
  return (await runDueSteps(t.ctx, { owner: `test-${iso}` })).map((r) => [r.kind, r.state]);
};
const drain = async () => {
  let total = 0;
  for (let claimed = 1; claimed > 0; ) {
    claimed = await deliverDueChannelMessages(t.ctx, {
      owner: "test-worker",
      introNotSent: (row) => mailFailedIntro(t.ctx, row),
    });
    total += claimed;
  }
  return total;
};
const marchMatches = async () => {
  const [pairing] = await t.db.select().from(pairings).where(eq(pairings.month, "2027-03"));
  return withMembers(
    t.db,
    await t.db.select().from(matches).where(eq(matches.pairingId, pairing.id)).orderBy(matches.id),
  );
};
const emailOf = async (userId: string) => {
  const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row.email;
};
const cardText = (activity: unknown) => JSON.stringify(activity);

describe("a month in Teams", () => {
  it("announces a pair in their 1:1 chats and a trio in one group chat, waiting out a 429, with no announcement e-mail", async () => {
    await at("2027-02-20T00:00:00Z");
    expect(await at("2027-02-26T09:00:00Z")).toEqual([["draft", "done"]]);
    // The first card posted is throttled: its row waits exactly Teams' Retry-After.
    teams.throttle(/^\/bot\/v3\/conversations\/[^/]+\/activities$/, 1, 7);
    expect(await at("2027-03-01T09:00:00Z")).toEqual([["publish", "done"]]);
    await deliverQueued(t);
    await drain();
    const waiting = await t.db
      .select()
      .from(outgoingMessages)
      .where(and(eq(outgoingMessages.channel, "teams"), eq(outgoingMessages.state, "pending")));
    expect(waiting).toHaveLength(1);
    expect(waiting[0].errorMessage).toMatch(/^Teams asked to wait 7 s\./);
    expect(waiting[0].nextAttemptAt?.getTime()).toBe(clock.now().getTime() + 7000);
    clock.set(new Date(clock.now().getTime() + 7000).toISOString());
    expect(await drain()).toBe(1);

    const made = await marchMatches();
    expect(made.map((m) => m.members.length).sort()).toEqual([2, 3]);
    const intros = await t.db
      .select()
      .from(outgoingMessages)
      .where(eq(outgoingMessages.kind, "intro"));
    expect(intros.map((i) => [i.channel, i.state])).toEqual([
      ["teams", "sent"],
      ["teams", "sent"],
    ]);
    const pair = made.find((m) => m.members.length === 2);
    const trio = made.find((m) => m.members.length === 3);
    if (!pair || !trio) throw new Error("expected a pair and a trio");

    // The pair: one card each in the 1:1 chat, naming the partner (department, bio) and not themselves.
    for (const member of pair.members) {
      const mine = await emailOf(member.userId);
      const partner = await emailOf(
        pair.members.find((m) => m.userId !== member.userId)?.userId ?? "",
      );
      const cards = teams.posted(`a:personal-${objectIds[mine]}`);
      expect(cards).toHaveLength(1);
      const text = cardText(cards[0]);
      expect(text).toContain("application/vnd.microsoft.card.adaptive");
      const partnerName = `${partner[0].toUpperCase()}${partner.split("@")[0].slice(1)} Lee`;
      expect(text).toContain(partnerName);
      expect(text).toContain(`${partner.split("@")[0].toUpperCase()} team`);
      expect(text).toContain("likes tea");
      // The e-mail intro's line, from the same function (mail/together-line.ts).
      expect(text).toContain("You meet online. You both like chess.");
      expect(text).not.toContain(`"${mine[0].toUpperCase()}${mine.split("@")[0].slice(1)} Lee"`);
      expect(text).toContain("/matches");
    }

    // The trio: one group chat of every member, topic by first names, the app installed, one card.
    const made3 = teams.callsTo(/^\/graph\/v1\.0\/chats$/);
    expect(made3).toHaveLength(1);
    const chat = made3[0].body as { chatType: string; topic: string; members: unknown[] };
    expect(chat.chatType).toBe("group");
    const firsts = await Promise.all(
      trio.members.map(async (m) => {
        const e = await emailOf(m.userId);
        return `${e[0].toUpperCase()}${e.split("@")[0].slice(1)}`;
      }),
    );
    expect(chat.topic).toBe(`Coffee chat: ${firsts[0]}, ${firsts[1]} & ${firsts[2]}`);
    for (const m of trio.members) {
      expect(JSON.stringify(chat.members)).toContain(objectIds[await emailOf(m.userId)]);
    }
    expect(teams.callsTo(/^\/graph\/v1\.0\/chats\/[^/]+\/installedApps$/)).toHaveLength(1);
    expect(teams.posted("19:group-1@thread.v2")).toHaveLength(1);
    expect(cardText(teams.posted("19:group-1@thread.v2")[0])).toContain(
      "You meet online. You all like chess.",
    );
    // Nobody who chose Teams and was reached got the announcement e-mail.
    const mailed = (await t.outbox()).map((m) => m.toAddress);
    for (const name of names) expect(mailed).not.toContain(`${name}@teams.test`);
    // What is kept: ids of the person and the conversation, nothing of any message.
    const kept = await t.db.select().from(teamsPeople);
    expect(kept.map((k) => Object.keys(k).sort())[0]).toEqual(
      ["aadObjectId", "conversationId", "email", "lookedUpAt", "notReached", "userId"].sort(),
    );
    await checkRoundInvariants(t.db);
  });

  it("nudges a silent match in its own conversation four days on, once", async () => {
    expect(await queueDueTeamsNudges(t.ctx)).toBe(0);
    clock.set("2027-03-05T10:00:00Z");
    expect(await queueDueTeamsNudges(t.ctx)).toBe(2);
    expect(await queueDueTeamsNudges(t.ctx)).toBe(0);
    await drain();
    expect(teams.posted("19:group-1@thread.v2")).toHaveLength(2);
    expect(cardText(teams.posted("19:group-1@thread.v2")[1])).toContain("a gentle nudge");
  });

  it("asks the check-in in the 1:1 chat and records Met from a signed card action; a missing or forged token records nothing", async () => {
    expect(await at("2027-03-08T09:00:00Z")).toEqual([["check-in", "done"]]);
    await drain();
    const [pair] = (await marchMatches()).filter((m) => m.members.length === 2);
    const ada = pair.members[0];
    const aad = objectIds[await emailOf(ada.userId)];
    const cards = teams.posted(`a:personal-${aad}`);
    const question = cardText(cards[cards.length - 1]);
    expect(question).toContain("Did you meet");
    expect(question).toContain('"verb":"check_in"');
    // No e-mail question for someone asked in Teams.
    const adaEmail = await emailOf(ada.userId);
    const asked = (await t.outbox()).filter((m) => m.toAddress === adaEmail);
    expect(asked).toEqual([]);

    const activity = {
      type: "invoke",
      name: "adaptiveCard/action",
      serviceUrl: teams.env.TEAMS_SERVICE_URL,
      from: { id: "29:ada", aadObjectId: aad },
      conversation: { id: `a:personal-${aad}`, conversationType: "personal" },
      channelData: { tenant: { id: TENANT } },
      value: {
        action: {
          type: "Action.Execute",
          verb: "check_in",
          data: { matchId: pair.id, answer: "met", question: "Did you meet?" },
        },
      },
    };
    const send = (authorization?: string) =>
      t.app.inject({
        method: "POST",
        url: "/api/teams/messages",
        headers: authorization ? { authorization } : {},
        payload: activity,
      });
    const missing = await send();
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toMatch(/no valid Bot Framework token/);
    expect((await send(`Bearer ${await teams.sign({ key: "stranger" })}`)).statusCode).toBe(401);
    expect(
      (await send(`Bearer ${await teams.sign({ audience: "someone-else" })}`)).statusCode,
    ).toBe(401);
    expect((await send(`Bearer ${await teams.sign({ expiresInSeconds: -600 })}`)).statusCode).toBe(
      401,
    );
    expect(await storedAnswers(t.db, pair.id)).toEqual([null, null]);

    const pressed = await send(`Bearer ${await teams.sign()}`);
    expect(pressed.statusCode).toBe(200);
    expect(pressed.json()).toMatchObject({
      statusCode: 200,
      type: "application/vnd.microsoft.card.adaptive",
    });
    expect(JSON.stringify(pressed.json().value)).not.toContain("check_in");
    expect(await storedAnswers(t.db, pair.id)).toEqual(["met", null]);
  });
});

describe("someone Teams cannot reach", () => {
  let other: TestApp;
  let standIn: TeamsStandIn;
  afterAll(async () => {
    await other?.close();
    await standIn?.close();
  });

  it("gets the announcement by e-mail, and the admin sees who and why", async () => {
    const otherClock = fixedClock("2027-02-20T00:00:00Z");
    standIn = await startTeamsStandIn({
      tenantId: TENANT,
      appId: APP_ID,
      password: "app-secret",
      people: { "ann@reach.test": "aad-ann" },
      catalogId: "catalog-app-1",
      now: () => otherClock.now(),
    });
    other = await createTestApp({ clock: otherClock, env: teamsEnv(standIn) });
    await allowEmail(other.db, "*@reach.test");
    const admin = await createAdmin(other.db, {
      email: "boss@reach.test",
      participationStatus: "opted_out",
    });
    for (const name of ["ann", "eve"]) {
      await createUser(other.db, {
        email: `${name}@reach.test`,
        firstName: name,
        reachBy: "teams",
      });
    }
    for (const iso of ["2027-02-20T00:00:00Z", "2027-02-26T09:00:00Z", "2027-03-01T09:00:00Z"]) {
      otherClock.set(iso);
      await runDueSteps(other.ctx, { owner: `other-${iso}` });
    }
    await deliverQueued(other);
    await deliverDueChannelMessages(other.ctx, {
      owner: "other-worker",
    });
    const mailed = (await other.outbox()).map((m) => m.toAddress);
    expect(mailed).toContain("eve@reach.test");
    expect(mailed).not.toContain("ann@reach.test");
    expect(standIn.posted("a:personal-aad-ann")).toHaveLength(1);

    const status = await other.as(admin).get("/api/admin/teams");
    expect(status.statusCode).toBe(200);
    expect(status.json().notReached).toEqual([
      expect.objectContaining({
        email: "eve@reach.test",
        reason: "Microsoft 365 has no user with the address eve@reach.test in this organisation.",
      }),
    ]);
  });
});
