import { eq, getTableName, ne, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { post } from "../auth/test-helpers";
import { fixedClock } from "../clock";
import { outgoingMessages, slackPeople, users } from "../db/schema";
import { slackCheckIn, slackIntro } from "../outbox/kinds/slack-kinds";
import { queue } from "../outbox/queue";
import {
  allowEmail,
  createActivity,
  createEmailLog,
  createMatch,
  createUser,
} from "../test/factories";
import { createTestApp, type TestApp } from "../test/test-app";
import { erasePerson } from "./erase-person";
import { personTables } from "./person-tables";
import { exportSections, personalDataCoverage } from "./personal-data";

const clock = fixedClock("2027-03-10T09:00:00Z");
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock });
  await allowEmail(t.db, "*@export.test");
});
afterAll(() => t.close());

const rows = async (query: string) =>
  ((await t.db.execute(query)) as unknown as { rows: Array<Record<string, string>> }).rows;

describe("the export covers every table that names a person", () => {
  it("lists every column that refers to users.id, names an address or a person, or holds JSON", async () => {
    const referencing = await rows(`
      select cl.relname as table_name, att.attname as column_name
      from pg_constraint con
      join pg_class cl on cl.oid = con.conrelid
      join pg_namespace ns on ns.oid = cl.relnamespace and ns.nspname = 'public'
      join pg_attribute att on att.attrelid = con.conrelid and att.attnum = any(con.conkey)
      where con.contype = 'f' and con.confrelid = 'public.users'::regclass`);
    const named = await rows(`
      select table_name, column_name from information_schema.columns
      where table_schema = 'public' and table_name <> 'users'
        and (column_name ~ '(email|address|user_id|_by)$' or data_type = 'jsonb')`);
    const missing = [...referencing, ...named]
      .filter((c) => !(c.column_name in (personalDataCoverage[c.table_name] ?? {})))
      .map((c) => `${c.table_name}.${c.column_name}`);
    expect(missing, "add them to src/server/privacy/personal-data.ts").toEqual([]);
    const sections = new Set<string>(exportSections);
    const unknown = Object.entries(personalDataCoverage).flatMap(([table, columns]) =>
      Object.entries(columns)
        .filter(([, where]) => !where.startsWith("-") && !sections.has(where.split(" ")[0]))
        .map(([column]) => `${table}.${column}`),
    );
    expect(unknown).toEqual([]);
  });

  it("reads each table of person-tables.ts by a column listed for the same section", () => {
    const wrong = personTables.flatMap((table) => {
      const listed = personalDataCoverage[getTableName(table.table)]?.[table.owner.column.name];
      return listed?.split(" ")[0] === table.section
        ? []
        : [`${getTableName(table.table)}.${table.owner.column.name}`];
    });
    expect(wrong).toEqual([]);
  });

  it("gives a signed-in person one JSON attachment with every section, no secret in it", async () => {
    const ada = await createUser(t.db, {
      email: "ada@export.test",
      firstName: "Ada",
      lastName: "Lovelace",
      bio: "Engines",
      passwordHash: "secret-hash-value",
    });
    const bob = await createUser(t.db, { email: "bob@export.test", firstName: "Bob" });
    const match = await createMatch(t.db, { members: [ada, bob], answers: ["met"] });
    await createActivity(t.db, { userId: ada.id, detail: "Ada Lovelace paused." });
    await createEmailLog(t.db, { recipients: [ada.email] });
    await t.db.update(users).set({ reachBy: "slack" }).where(eq(users.id, ada.id));
    await t.db.insert(slackPeople).values({
      userId: ada.id,
      email: ada.email,
      slackUserId: "UADA",
      lookedUpAt: clock.now(),
    });
    const pairingId = match.pairingId;
    await queue(t.ctx, t.db, slackCheckIn, [{ matchId: match.id, userId: ada.id }], { pairingId });
    await queue(t.ctx, t.db, slackIntro, [{ matchId: match.id, organiserId: ada.id }], {
      pairingId,
      month: "2027-03",
      starter: "Tea or coffee?",
    });
    await queue(t.ctx, t.db, slackCheckIn, [{ matchId: match.id, userId: bob.id }], { pairingId });
    await post(t, "/api/auth/send-code", { email: ada.email });
    await t.outbox();

    const res = await t.as(ada).get("/api/profile/data");
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="cup-of-joe-my-data-2027-03-10\.json"$/,
    );
    const data = res.json();
    for (const section of exportSections) expect(data).toHaveProperty(section);
    expect(data.profile).toMatchObject({ email: ada.email, firstName: "Ada", hasPassword: true });
    expect(data.matches).toEqual([
      expect.objectContaining({ partners: [expect.stringContaining("Bob")], answer: "met" }),
    ]);
    expect(data.activity).toEqual([expect.objectContaining({ detail: "Ada Lovelace paused." })]);
    expect(data.emailsSent.map((e: { source: string }) => e.source).sort()).toEqual([
      "automatic e-mail",
      "outbox",
      "send log",
    ]);
    // The code's e-mail is listed as sent, without its code.
    expect(data.emailsSent).toContainEqual(
      expect.objectContaining({ source: "automatic e-mail", kind: "sign-in-code", status: "sent" }),
    );
    expect(data.channels).toMatchObject({ reachBy: "slack", slackUserId: "UADA" });
    expect(data.channels.deliveries).toEqual([
      expect.objectContaining({ kind: "check_in", toYou: true, youOrganise: false }),
      expect.objectContaining({ kind: "intro", toYou: false, youOrganise: true }),
    ]);
    expect(data.channels.deliveries[0]).toHaveProperty("createdAt");
    expect(data.channels.deliveries[0]).toHaveProperty("sentAt");
    expect(data.signInRequests).toEqual([expect.objectContaining({ kind: "sign-in code" })]);
    expect(data.sessions.length).toBeGreaterThan(0);
    const text = JSON.stringify(data);
    expect(text).not.toContain("secret-hash-value");
    expect(text).not.toMatch(/Hash|secret"|token/i);
    expect(text).not.toContain(bob.email);
  });

  it("is forgotten on erasure: the remembered Slack id and the Slack rows naming the person", async () => {
    const [ada] = await t.db.select().from(users).where(eq(users.email, "ada@export.test"));
    await erasePerson(t.ctx, ada.id, "themself");
    expect(await t.db.select().from(slackPeople).where(eq(slackPeople.userId, ada.id))).toEqual([]);
    const naming = await t.db
      .select()
      .from(outgoingMessages)
      .where(or(eq(outgoingMessages.userId, ada.id), eq(outgoingMessages.organiserId, ada.id)));
    expect(naming).toEqual([]);
    // Bob's row is his still.
    expect(
      await t.db.select().from(outgoingMessages).where(ne(outgoingMessages.channel, "email")),
    ).toHaveLength(3);
  });

  it("is for signed-in people only", async () => {
    expect((await t.get("/api/profile/data")).statusCode).toBe(401);
  });
});
