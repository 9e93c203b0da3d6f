import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { outgoingMessages, stillInQuestions, type UserRow, users } from "../db/schema";
import { deliverDueChannelMessages } from "../jobs/definitions/channel-transports";
import { deactivateUser } from "../people/users/deactivate-user";
import { allowEmail, createAdmin, createMatch, createPairing, createUser } from "../test/factories";
import { startTeamsStandIn, type TeamsStandIn } from "../test/teams-stand-in";
import { createTestApp, type TestApp } from "../test/test-app";
import { queueTeamsStillIn } from "./queue-still-in";

/*
 * A change to a match after the announcement is said in Teams too (docs/chat.md, "Microsoft
 * Teams"): in the 1:1 chat of each person it tells who chose Teams, with the e-mail kept as for
 * Slack; a change before the announcement stays silent in Teams as in e-mail.
 */
const APP_ID = "7a6b5c4d-3e2f-4a1b-8c7d-6e5f4a3b2c1d";
const TENANT = "changed-tenant";
const clock = fixedClock("2027-03-05T09:00:00Z");
const names = ["ada", "bob", "cy", "dee", "fay"];
const objectIds = Object.fromEntries(names.map((n, i) => [`${n}@tchange.test`, `aad-c${i}-${n}`]));
let teams: TeamsStandIn;
let t: TestApp;
let admin: UserRow;
const person: Record<string, UserRow> = {};

beforeAll(async () => {
  teams = await startTeamsStandIn({
    tenantId: TENANT,
    appId: APP_ID,
    password: "app-secret",
    people: objectIds,
    catalogId: "catalog-app-1",
    now: () => clock.now(),
  });
  t = await createTestApp({
    clock,
    env: {
      TEAMS_APP_ID: APP_ID,
      TEAMS_APP_PASSWORD: "app-secret",
      TEAMS_TENANT_ID: TENANT,
      ...teams.env,
    },
  });
  await allowEmail(t.db, "*@tchange.test");
  admin = await createAdmin(t.db, { email: "boss@tchange.test", participationStatus: "opted_out" });
  for (const name of names) {
    person[name] = await createUser(t.db, {
      email: `${name}@tchange.test`,
      firstName: name[0].toUpperCase() + name.slice(1),
      lastName: "Lee",
      reachBy: name === "bob" ? "email" : "teams",
    });
  }
});
afterAll(async () => {
  await t?.close();
  await teams?.close();
});

const drain = async () => {
  for (let claimed = 1; claimed > 0; ) {
    claimed = await deliverDueChannelMessages(t.ctx, { owner: "test-worker" });
  }
};
const personalChat = (user: UserRow) => `a:personal-${objectIds[user.email]}`;
const changeRows = () =>
  t.db
    .select()
    .from(outgoingMessages)
    .where(and(eq(outgoingMessages.channel, "teams"), eq(outgoingMessages.kind, "change")));
const changeMailsTo = async (user: UserRow) =>
  (
    await t.db
      .select()
      .from(outgoingMessages)
      .where(
        and(eq(outgoingMessages.kind, "match-change"), eq(outgoingMessages.recipient, user.email)),
      )
  ).length;

describe("a change to a match in Teams", () => {
  it("stays silent before the announcement", async () => {
    const pairing = await createPairing(t.db, { month: "2027-03", announcedAt: null });
    await createMatch(t.db, { members: [person.dee, person.fay], pairing });
    await deactivateUser(t.ctx, person.fay.id, admin);
    await drain();
    expect(await changeRows()).toHaveLength(0);
    expect(await changeMailsTo(person.dee)).toBe(0);
    expect(teams.posted(personalChat(person.dee))).toHaveLength(0);
  });

  it("after the announcement, tells the ones who stay in their 1:1 chat, and keeps their e-mail", async () => {
    const pairing = await createPairing(t.db, { month: "2027-03" });
    await createMatch(t.db, { members: [person.ada, person.bob, person.cy], pairing });
    await deactivateUser(t.ctx, person.cy.id, admin);
    await drain();

    // Ada chose Teams: the change is said in her 1:1 chat with the bot.
    const rows = await changeRows();
    const stateOf = (user: UserRow) => rows.find((r) => r.userId === user.id)?.state;
    expect(stateOf(person.ada)).toBe("sent");
    expect(stateOf(person.bob)).toBe("skipped");
    const cards = teams.posted(personalChat(person.ada));
    expect(cards).toHaveLength(1);
    const text = JSON.stringify(cards[0]);
    expect(text).toContain("application/vnd.microsoft.card.adaptive");
    expect(text).toContain("has changed");
    expect(text).toContain("Cy Lee can no longer take part");
    expect(text).toContain("Bob Lee");
    // Bob chose e-mail: nothing in Teams for him; the one who left hears nothing in Teams.
    expect(teams.posted(personalChat(person.bob))).toHaveLength(0);
    expect(teams.posted(personalChat(person.cy))).toHaveLength(0);
    // The e-mail goes to both, as for Slack.
    expect(await changeMailsTo(person.ada)).toBe(1);
    expect(await changeMailsTo(person.bob)).toBe(1);
  });
});

describe("the still-in question in Teams", () => {
  it("asks a quiet person who chose Teams in their 1:1 chat and takes the press of their own card only", async () => {
    const ada = person.ada;
    const aad = objectIds[ada.email];
    const question = await t.db.transaction(async (tx) => {
      const [asked] = await tx
        .insert(stillInQuestions)
        .values({
          userId: ada.id,
          scopeKey: "all",
          silentMonths: ["2027-01"],
          askedAt: clock.now(),
        })
        .returning();
      // Bob chose e-mail: nothing is queued in Teams for him.
      expect(
        await queueTeamsStillIn(t.ctx, tx, { userId: person.bob.id, questionId: asked.id }),
      ).toBe(0);
      expect(await queueTeamsStillIn(t.ctx, tx, { userId: ada.id, questionId: asked.id })).toBe(1);
      return asked;
    });
    const before = teams.posted(personalChat(ada)).length;
    await drain();
    const cards = teams.posted(personalChat(ada));
    expect(cards).toHaveLength(before + 1);
    const text = JSON.stringify(cards[cards.length - 1]);
    expect(text).toContain("Still up for coffee chats?");
    expect(text).toContain('"verb":"still_in"');

    const press = async (aadObjectId: string) => {
      const reply = await t.app.inject({
        method: "POST",
        url: "/api/teams/messages",
        headers: { authorization: `Bearer ${await teams.sign()}` },
        payload: {
          type: "invoke",
          name: "adaptiveCard/action",
          serviceUrl: teams.env.TEAMS_SERVICE_URL,
          from: { id: "29:x", aadObjectId },
          conversation: { id: `a:personal-${aadObjectId}`, conversationType: "personal" },
          channelData: { tenant: { id: TENANT } },
          value: {
            action: {
              type: "Action.Execute",
              verb: "still_in",
              data: { questionId: question.id, choice: "pause", question: "Still up?" },
            },
          },
        },
      });
      expect(reply.statusCode).toBe(200);
      return JSON.stringify(reply.json());
    };
    // A press by an Entra id not linked to Ada is refused and changes nothing.
    expect(await press(objectIds[person.dee.email])).toContain("not yours");
    const [open] = await t.db
      .select()
      .from(stillInQuestions)
      .where(eq(stillInQuestions.id, question.id));
    expect(open.answeredAt).toBeNull();

    expect(await press(aad)).toContain("paused for three months");
    const [answered] = await t.db
      .select()
      .from(stillInQuestions)
      .where(eq(stillInQuestions.id, question.id));
    expect(answered.choice).toBe("pause");
    const [me] = await t.db.select().from(users).where(eq(users.id, ada.id));
    expect(me.participationStatus).toBe("paused");
    expect(await press(aad)).toContain("already answered");
  });
});
