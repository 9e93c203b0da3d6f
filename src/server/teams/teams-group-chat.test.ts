import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamsGraphPermissions } from "../../shared/teams";
import { getAuthSecret } from "../app-secret";
import { fixedClock } from "../clock";
import { outgoingMessages, pairings, type UserRow } from "../db/schema";
import { deliverDueChannelMessages } from "../jobs/definitions/channel-transports";
import { runDueSteps } from "../jobs/definitions/round-steps";
import { signLinkToken } from "../mail/signed-links";
import { mailFailedIntro } from "../newsletters/send/failed-intro-mail";
import { deletePairing } from "../pairings/current/delete-pairing";
import { deactivateUser } from "../people/users/deactivate-user";
import { deliverQueued } from "../test/deliveries";
import { allowEmail, createAdmin, createUser } from "../test/factories";
import { startTeamsStandIn, type TeamsStandIn } from "../test/teams-stand-in";
import { createTestApp, type TestApp } from "../test/test-app";

/*
 * A trio in Teams with one member Teams cannot reach (docs/chat.md, "Microsoft Teams"): the group
 * chat holds the two it reaches and the third is e-mailed, named on the card and listed for the
 * admin; a change after the announcement is said in that group chat, with no e-mail to whoever
 * chose Teams and is in it; a check-in answered on the page replaces the Teams card; a change
 * note Teams refuses sends the e-mail it stood for.
 */
const APP_ID = "3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a";
const TENANT = "group-tenant";
const clock = fixedClock("2027-02-20T00:00:00Z");
// Cy is not a Microsoft 365 user of the organisation.
const objectIds = { "ada@tgroup.test": "aad-g1-ada", "bob@tgroup.test": "aad-g2-bob" };
const personal = (email: keyof typeof objectIds) => `a:personal-${objectIds[email]}`;
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
  await allowEmail(t.db, "*@tgroup.test");
  admin = await createAdmin(t.db, { email: "boss@tgroup.test", participationStatus: "opted_out" });
  for (const name of ["ada", "bob", "cy"]) {
    person[name] = await createUser(t.db, {
      email: `${name}@tgroup.test`,
      firstName: name[0].toUpperCase() + name.slice(1),
      lastName: "Lee",
      reachBy: "teams",
    });
  }
});
afterAll(async () => {
  await t?.close();
  await teams?.close();
});

const at = async (iso: string) => {
  clock.set(iso);
  await runDueSteps(t.ctx, { owner: `test-${iso}` });
};
/**
 * Every Teams message to its end. On a busy machine a call can outlast its timeout and wait for
 * its backoff: the clock is then moved to its next attempt, so the test waits for the outcome,
 * not for the machine.
 */
const drain = async () => {
  for (let round = 0; round < 20; round++) {
    for (let claimed = 1; claimed > 0; ) {
      claimed = await deliverDueChannelMessages(t.ctx, {
        owner: "test-worker",
        introNotSent: (row) => mailFailedIntro(t.ctx, row),
      });
    }
    const [waiting] = await t.db
      .select({ next: outgoingMessages.nextAttemptAt })
      .from(outgoingMessages)
      .where(and(eq(outgoingMessages.channel, "teams"), eq(outgoingMessages.state, "pending")))
      .orderBy(outgoingMessages.nextAttemptAt)
      .limit(1);
    if (!waiting?.next) return;
    clock.set(new Date(Math.max(waiting.next.getTime(), clock.now().getTime())).toISOString());
  }
};
/** The change e-mails (not the calendar-only ones) queued to a person. */
const changeMailsTo = async (user: UserRow) =>
  (
    await t.db
      .select()
      .from(outgoingMessages)
      .where(
        and(
          eq(outgoingMessages.kind, "match-change"),
          eq(outgoingMessages.recipient, user.email),
          sql`${outgoingMessages.data} ->> 'via' <> 'calendar'`,
        ),
      )
  ).length;
const text = (activity: unknown) => JSON.stringify(activity);
const GROUP = "19:group-1@thread.v2";

describe("a trio with one member Teams cannot reach", () => {
  it("makes the group chat of the two it reaches, e-mails the third and tells the admin who and why", async () => {
    await at("2027-02-20T00:00:00Z");
    await at("2027-02-26T09:00:00Z");
    await at("2027-03-01T09:00:00Z");
    await deliverQueued(t);
    await drain();

    const made = teams.callsTo(/^\/graph\/v1\.0\/chats$/);
    expect(made).toHaveLength(1);
    const chat = made[0].body as { chatType: string; topic: string; members: unknown[] };
    expect(chat.chatType).toBe("group");
    expect(chat.members).toHaveLength(2);
    expect(text(chat.members)).toContain("aad-g1-ada");
    expect(text(chat.members)).toContain("aad-g2-bob");
    expect(chat.topic).toMatch(/^Coffee chat: .+, .+ & .+$/);
    expect(chat.topic).toContain("Cy");
    const cards = teams.posted(GROUP);
    expect(cards).toHaveLength(1);
    expect(text(cards[0])).toContain("Cy Lee is not in Teams and got this by e-mail");

    // Cy gets the announcement by e-mail; Ada and Bob, told in the group chat, do not.
    const mailed = (await t.outbox()).map((m) => m.toAddress);
    expect(mailed).toContain("cy@tgroup.test");
    expect(mailed).not.toContain("ada@tgroup.test");
    expect(mailed).not.toContain("bob@tgroup.test");

    const status = await t.as(admin).get("/api/admin/teams");
    expect(status.json().notReached).toEqual([
      expect.objectContaining({
        email: "cy@tgroup.test",
        reason: "Microsoft 365 has no user with the address cy@tgroup.test in this organisation.",
      }),
    ]);
  });

  it("says a change in the group chat, with no e-mail to the one who chose Teams and is in it", async () => {
    clock.set("2027-03-03T10:00:00Z");
    await deactivateUser(t.ctx, person.bob.id, admin);
    await drain();

    const cards = teams.posted(GROUP);
    expect(cards).toHaveLength(2);
    expect(text(cards[1])).toContain("Bob Lee can no longer take part");
    expect(text(cards[1])).toMatch(
      /Your coffee chat goes on with (Ada Lee and Cy Lee|Cy Lee and Ada Lee)/,
    );
    // Ada read it in the group chat: no note in her 1:1 chat and no e-mail of it.
    expect(teams.posted(personal("ada@tgroup.test"))).toHaveLength(0);
    expect(await changeMailsTo(person.ada)).toBe(0);
    // Cy is not in the chat: the e-mail tells her.
    expect(await changeMailsTo(person.cy)).toBe(1);
  });

  it("replaces the Teams check-in card when the answer is given on the check-in page", async () => {
    await at("2027-03-08T09:00:00Z");
    await drain();
    const chat = personal("ada@tgroup.test");
    const asked = teams.posted(chat);
    expect(asked).toHaveLength(1);
    expect(text(asked[0])).toContain('"verb":"check_in"');
    const [question] = await t.db
      .select()
      .from(outgoingMessages)
      .where(
        and(
          eq(outgoingMessages.channel, "teams"),
          eq(outgoingMessages.kind, "check_in"),
          eq(outgoingMessages.userId, person.ada.id),
        ),
      );
    const activityId = (question.result as { activityId: string }).activityId;

    const token = signLinkToken(await getAuthSecret(t.ctx), "check-in", {
      userId: person.ada.id,
      id: question.matchId ?? 0,
      expiresAt: new Date(clock.now().getTime() + 86_400_000),
    });
    const answered = await t.app.inject({
      method: "POST",
      url: "/api/check-in",
      payload: { token, answer: "met" },
    });
    expect(answered.statusCode).toBe(200);
    await drain();

    const replaced = teams.replaced(chat);
    expect(replaced).toHaveLength(1);
    expect(replaced[0].activityId).toBe(activityId);
    expect(text(replaced[0].activity)).not.toContain('"verb":"check_in"');
    expect(text(replaced[0].activity)).toContain("Did you meet Cy Lee?");
    const put = teams.callsTo(/^\/bot\/v3\/conversations\/[^/]+\/activities\/[^/]+$/);
    expect(put.map((c) => c.method)).toEqual(["PUT"]);
  });

  it("e-mails a change whose Teams note was refused", async () => {
    const [pairing] = await t.db.select().from(pairings).where(eq(pairings.month, "2027-03"));
    teams.refuse(/^\/bot\/v3\/conversations\/[^/]+\/activities$/, 1);
    await deletePairing(t.ctx, pairing.id);
    expect(await changeMailsTo(person.ada)).toBe(0);
    await drain();
    const [note] = await t.db
      .select()
      .from(outgoingMessages)
      .where(
        and(
          eq(outgoingMessages.channel, "teams"),
          eq(outgoingMessages.kind, "change"),
          eq(outgoingMessages.userId, person.ada.id),
        ),
      );
    expect(note.state).toBe("failed");
    expect(await changeMailsTo(person.ada)).toBe(1);
    expect(await changeMailsTo(person.cy)).toBe(2);
  });

  it("asks the admin for exactly the Graph permission Microsoft documents for each call it made", () => {
    const template = (call: string) => {
      const [method, path] = call.split(" ");
      const pattern = path
        .split("?")[0]
        .replace(/[.*+^$()|[\]\\]/g, "\\$&")
        .replace(/\{id\}/g, "[^/]+");
      return { method, pattern: new RegExp(`^/graph/v1\\.0${pattern}$`) };
    };
    const permissions = teamsGraphPermissions.map((p) => ({ ...p, ...template(p.call) }));
    const graphCalls = teams.calls.filter((c) => c.path.startsWith("/graph/"));
    const used = new Set<string>();
    for (const call of graphCalls) {
      const path = call.path.split("?")[0];
      const permission = permissions.find((p) => p.method === call.method && p.pattern.test(path));
      expect(permission, `${call.method} ${path}`).toBeDefined();
      if (permission) used.add(permission.name);
    }
    // Every permission asked for was needed by a call of this month.
    expect([...used].sort()).toEqual(teamsGraphPermissions.map((p) => p.name).sort());
  });
});
