import { and, eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activePairingFile } from "../../shared/pairing-file-names";
import type { CompletedPairingContent } from "../../shared/pairings";
import {
  SAMPLE_OFFICES,
  SAMPLE_QUIET_PEOPLE,
  sampleMonth,
  sampleOfficeList,
  samplePeople,
} from "../../shared/sample-company";
import { activityPage } from "../activity/activity";
import { ensureAdmin } from "../auth/ensure-admin";
import type { Database } from "../db/client";
import {
  checkIns,
  completedPairings,
  emailLogs,
  matches,
  matchMembers,
  newsletterDeliveries,
  newsletters,
  offices,
  pairings,
  roundSteps,
  stillInQuestions,
  users,
} from "../db/schema";
import { readLogEntries } from "../newsletters/email-logs/log-entries";
import { createTestDatabase } from "../test/test-database";
import { DEMO_DOMAIN, seedDemoOnce, seedSampleCompany } from "./seed-demo";

const now = new Date("2027-03-10T09:00:00Z");
let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const count = async (table: typeof users | typeof pairings | typeof matches) =>
  (await database.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n;

describe("demo seeding", () => {
  it("seeds as many employees as asked, in statements small enough for any size, only once", async () => {
    // 3,500 people × 20 columns is more parameters than one INSERT may carry.
    const seeded = await seedDemoOnce(database.db, { now, count: 3500 });
    expect(seeded).toMatchObject({ users: 3500, domain: DEMO_DOMAIN });
    expect(await count(users)).toBe(3500);
    expect(await seedDemoOnce(database.db, { now, count: 3500 })).toBeNull();
    expect(await count(users)).toBe(3500);
  }, 120_000);

  it("gives six completed months, each with its pairing file, and this month's running round", async () => {
    const rounds = await database.db.select().from(pairings).orderBy(pairings.month);
    expect(rounds.map((p) => p.month)).toEqual(
      [-6, -5, -4, -3, -2, -1, 0].map((d) => sampleMonth(now, d)),
    );
    expect(rounds.map((p) => p.status)).toEqual([...Array(6).fill("completed"), "active"]);
    const files = await database.db.select().from(completedPairings);
    expect(files.map((f) => f.month).sort()).toEqual(rounds.slice(0, 6).map((p) => p.month));
    for (const file of files) {
      const stored = await database.db
        .select()
        .from(matches)
        .where(eq(matches.pairingId, file.pairingId as number));
      const content = file.content as CompletedPairingContent;
      expect(file.matchCount).toBe(stored.length);
      expect(content.matches).toHaveLength(stored.length);
      expect(new Set(content.matches.map((m) => m.status))).toEqual(new Set(["completed"]));
      const happened = content.matches.filter((m) => m.chat_happened).length;
      expect(content.chats_happened).toBe(happened);
      expect(happened / stored.length).toBeGreaterThan(0.7);
      expect(happened).toBeLessThan(stored.length);
    }
    // Nobody is in two matches of one round.
    const [{ doubled }] = await database.db
      .select({ doubled: sql<number>`count(*)::int` })
      .from(sql`(select m.pairing_id, mm.user_id from matches m
        join match_members mm on mm.match_id = m.id group by 1, 2 having count(*) > 1) d`);
    expect(doubled).toBe(0);
  });

  it("writes this month's round as a Generate on its pairing day does: a check-in already past done then, the reminder due", async () => {
    const [running] = await database.db
      .select()
      .from(pairings)
      .where(eq(pairings.status, "active"));
    const steps = await database.db
      .select()
      .from(roundSteps)
      .where(eq(roundSteps.month, running.month))
      .orderBy(roundSteps.dueAt);
    const row = (s: (typeof steps)[number]) => ({
      kind: s.kind,
      state: s.state,
      scopeKey: s.scopeKey,
      dueAt: s.dueAt.toISOString(),
      doneAt: s.doneAt?.toISOString() ?? null,
    });
    // March 2027: paired on Monday 1 March, seeded on the 10th (docs/rounds.md, "When").
    expect(steps.map(row)).toEqual([
      { ...row(steps[0]), kind: "publish", state: "done", dueAt: "2027-03-01T09:00:00.000Z" },
      {
        kind: "check-in",
        state: "done",
        scopeKey: running.scopeKey,
        dueAt: "2027-03-08T09:00:00.000Z",
        doneAt: "2027-03-08T09:00:00.000Z",
      },
      {
        kind: "reminder",
        state: "pending",
        scopeKey: running.scopeKey,
        dueAt: "2027-03-15T09:00:00.000Z",
        doneAt: null,
      },
    ]);
    expect(steps[0]).toMatchObject({ scopeKey: running.scopeKey, pairingId: running.id });
  });

  it("has no record that is both completed and active", async () => {
    const [{ mixed }] = await database.db
      .select({ mixed: sql<number>`count(*)::int` })
      .from(matches)
      .innerJoin(pairings, eq(pairings.id, matches.pairingId))
      .where(
        sql`(${pairings.status} = 'completed') <> (${matches.status} = 'completed')
          or (${pairings.status} = 'active') <> (${pairings.completedAt} is null)
          or (${matches.status} = 'active') <> (${matches.completedAt} is null)`,
      );
    expect(mixed).toBe(0);
  });

  it("answers realistically: mostly met, some missed by everyone, some never answered", async () => {
    const some = (answer: SQL) => sql`exists (select 1 from ${matchMembers}
      where ${matchMembers.matchId} = ${matches.id} and ${answer})`;
    const all = (answer: SQL) => sql`not exists (select 1 from ${matchMembers}
      where ${matchMembers.matchId} = ${matches.id} and not coalesce(${answer}, false))`;
    const [shares] = await database.db
      .select({
        met: sql<number>`(count(*) filter (where ${some(sql`${matchMembers.answer} = 'met'`)}))::int`,
        missed: sql<number>`(count(*) filter (where ${all(sql`${matchMembers.answer} in ('not_yet', 'skip')`)}))::int`,
        silent: sql<number>`(count(*) filter (where ${all(sql`${matchMembers.answer} is null`)}))::int`,
        total: sql<number>`count(*)::int`,
      })
      .from(matches)
      .innerJoin(pairings, eq(pairings.id, matches.pairingId))
      .where(eq(pairings.status, "completed"));
    expect(shares.met / shares.total).toBeGreaterThan(0.6);
    expect(shares.met / shares.total).toBeLessThan(0.75);
    expect(shares.missed / shares.total).toBeGreaterThan(0.05);
    expect(shares.silent / shares.total).toBeGreaterThan(0.1);
    const answered = await database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(matchMembers)
      .where(and(sql`${matchMembers.answer} is not null`, sql`${matchMembers.answeredAt} is null`));
    expect(answered[0].n).toBe(0);
  });

  it("asked each round's members who had not answered on its check-in date, and reminded the silent a week later", async () => {
    const DAY = 24 * 60 * 60 * 1000;
    const rows = await database.db
      .select({
        month: pairings.month,
        status: pairings.status,
        publishedAt: pairings.createdAt,
        answer: matchMembers.answer,
        answeredAt: matchMembers.answeredAt,
        askedAt: checkIns.askedAt,
        sentAt: checkIns.sentAt,
        remindedAt: checkIns.remindedAt,
        reminderSentAt: checkIns.reminderSentAt,
        matchOfQuestion: checkIns.matchId,
        matchId: matchMembers.matchId,
      })
      .from(matchMembers)
      .innerJoin(matches, eq(matches.id, matchMembers.matchId))
      .innerJoin(pairings, eq(pairings.id, matches.pairingId))
      .leftJoin(
        checkIns,
        and(eq(checkIns.pairingId, pairings.id), eq(checkIns.userId, matchMembers.userId)),
      );
    const past = rows.filter((r) => r.status === "completed");
    for (const r of past) {
      // Asked (on the check-in date, a week after the round was published) unless answered before.
      const checkInAt = r.publishedAt.getTime() + 7 * DAY;
      const answeredBefore = r.answeredAt !== null && r.answeredAt.getTime() <= checkInAt;
      expect(r.askedAt?.getTime() ?? null).toBe(answeredBefore ? null : checkInAt);
      if (answeredBefore) continue;
      expect(r).toMatchObject({ sentAt: r.askedAt, matchOfQuestion: r.matchId });
      // Reminded a week later when still silent or at Not yet.
      const reminderAt = checkInAt + 7 * DAY;
      const silent = r.answeredAt === null || r.answeredAt.getTime() > reminderAt;
      const reminded = silent || r.answer === "not_yet";
      expect(r.remindedAt?.getTime() ?? null).toBe(reminded ? reminderAt : null);
      expect(r.reminderSentAt).toEqual(r.remindedAt);
    }
    const asked = past.filter((r) => r.askedAt !== null);
    expect(asked.length / past.length).toBeGreaterThan(0.5);
    expect(asked.length).toBeLessThan(past.length);
    // Some said Not yet on the check-in, after it was asked; the Matches page's misses are Skip.
    const notYet = past.filter((r) => r.answer === "not_yet");
    expect(notYet.length).toBeGreaterThan(0);
    for (const r of notYet) expect(r.askedAt).not.toBeNull();
    expect(past.some((r) => r.answer === "skip")).toBe(true);
    // This month's check-in (Monday 8 March) has asked, its reminder (the 15th) is to come.
    const running = rows.filter((r) => r.status === "active" && r.askedAt !== null);
    expect(running.length).toBeGreaterThan(0);
    for (const r of running) {
      expect(r.askedAt?.toISOString()).toBe("2027-03-08T09:00:00.000Z");
      expect(r.remindedAt).toBeNull();
    }
  });

  it("sent each month's newsletter, the running one's too, with a log line per recipient", async () => {
    const sent = await database.db
      .select()
      .from(newsletters)
      .orderBy(newsletters.year, newsletters.month);
    expect(sent).toHaveLength(7);
    const [running] = await database.db
      .select({ id: pairings.id, announcedAt: pairings.announcedAt })
      .from(pairings)
      .where(eq(pairings.status, "active"));
    // Its members were told by the newsletter linked to it, sent as it was published.
    expect(sent.at(-1)).toMatchObject({
      pairingFile: activePairingFile(running.id),
      sentAt: running.announcedAt,
    });
    const files = new Set(
      (await database.db.select().from(completedPairings)).map((f) => f.fileName),
    );
    files.add(activePairingFile(running.id));
    for (const newsletter of sent) {
      expect(newsletter.status).toBe("sent");
      expect(newsletter.sentAt).not.toBeNull();
      expect(files.has(newsletter.pairingFile ?? "")).toBe(true);
      const [log] = await database.db
        .select()
        .from(emailLogs)
        .where(eq(emailLogs.newsletterId, newsletter.id));
      const deliveries = await database.db
        .select()
        .from(newsletterDeliveries)
        .where(eq(newsletterDeliveries.newsletterId, newsletter.id));
      expect(log.totalRecipients).toBeGreaterThan(2000);
      expect((await readLogEntries(database.db, [log.id])).get(log.id)).toHaveLength(
        log.totalRecipients,
      );
      expect(deliveries).toHaveLength(log.totalRecipients);
      expect(log.successfulSends + log.failedSends).toBe(log.totalRecipients);
    }
    const failed = await database.db
      .select()
      .from(emailLogs)
      .where(sql`${emailLogs.failedSends} > 0`);
    expect(failed.length).toBeGreaterThan(0);
  });

  it("asked a few people silent for three rounds if they are still in, and left them out", async () => {
    const questions = await database.db.select().from(stillInQuestions);
    expect(questions).toHaveLength(SAMPLE_QUIET_PEOPLE);
    const rounds = await database.db.select().from(pairings).orderBy(pairings.month);
    for (const question of questions) {
      expect(question).toMatchObject({
        silentMonths: rounds.slice(3, 6).map((p) => p.month),
        askedAt: rounds[6].createdAt,
        answeredAt: null,
      });
      const rows = await database.db
        .select({ month: matches.month, userId: matchMembers.userId, answer: matchMembers.answer })
        .from(matchMembers)
        .innerJoin(matches, eq(matches.id, matchMembers.matchId))
        .where(
          sql`${matches.id} in (select match_id from match_members where user_id = ${question.userId})`,
        );
      const months = rows.filter((r) => r.userId === question.userId).map((r) => r.month);
      // In each silent round, not in the running one; never a word, and no partner met them.
      expect(months.sort().slice(-3)).toEqual(question.silentMonths);
      for (const r of rows.filter((r) => question.silentMonths.includes(r.month))) {
        expect(r.answer).not.toBe("met");
        if (r.userId === question.userId) expect(r.answer).toBeNull();
      }
    }
  });

  it("puts everyone in an office, on its zone, and pairs nobody of New York with Bengaluru", async () => {
    const list = await database.db.select({ name: offices.name }).from(offices).orderBy(offices.id);
    expect(list.map((o) => o.name)).toEqual(SAMPLE_OFFICES);
    const zoneOf = new Map<string, string>(sampleOfficeList);
    const people = await database.db
      .select({
        office: users.office,
        zone: users.timeZone,
        confirmed: users.timeZoneConfirmed,
        n: sql<number>`count(*)::int`,
      })
      .from(users)
      .groupBy(users.office, users.timeZone, users.timeZoneConfirmed);
    expect(people).toHaveLength(3);
    for (const row of people) {
      expect(row.zone).toBe(zoneOf.get(row.office ?? ""));
      expect(row.confirmed).toBe(true);
      expect(row.n).toBeGreaterThan(3500 / 4);
    }
    // New York and Bengaluru share no working hour (09:00–17:00 each): no match may hold both.
    const [{ apart }] = await database.db
      .select({ apart: sql<number>`count(*)::int` })
      .from(matches)
      .where(
        sql`exists (select 1 from ${matchMembers} a join ${users} ua on ua.id = a.user_id
            join ${matchMembers} b on b.match_id = a.match_id join ${users} ub on ub.id = b.user_id
            where a.match_id = ${matches.id} and ua.office = 'New York' and ub.office = 'Bengaluru')`,
      );
    expect(apart).toBe(0);
    expect(await count(matches)).toBeGreaterThan(7 * 1000);
  });

  it("adds people to the company later without a second history", async () => {
    const added = await seedSampleCompany(database.db, { now, count: 10 });
    expect(added.users).toBe(10);
    expect(await count(pairings)).toBe(7);
  });
});

describe("the seeded people, whatever the admin's address", () => {
  it("are the generator's from its first, an admin at one of their addresses being that person", async () => {
    const own = await createTestDatabase();
    try {
      // ADMIN_EMAIL at the domain (README.md's command), and one at a sample person's address.
      await ensureAdmin(own.db, `you@${DEMO_DOMAIN}`, "a long password");
      const ada = await ensureAdmin(own.db, `Ada.Okafor@${DEMO_DOMAIN}`, "a long password");
      expect(await seedSampleCompany(own.db, { now, count: 40 })).toMatchObject({ users: 40 });
      const stored = await own.db
        .select({ id: users.id, email: users.email, firstName: users.firstName })
        .from(users)
        .where(eq(users.needsProfileSetup, false));
      expect(stored.map((u) => u.email).sort()).toEqual(
        samplePeople(40)
          .map((p) => p.email)
          .sort(),
      );
      // Ada's account keeps its admin rights and is the sample company's Ada, history and all.
      const [admin] = await own.db.select().from(users).where(eq(users.id, ada.id));
      expect(admin).toMatchObject({ isAdmin: true, firstName: "Ada", authMethod: "password" });
      const [{ n }] = await own.db
        .select({ n: sql<number>`count(*)::int` })
        .from(matchMembers)
        .where(eq(matchMembers.userId, ada.id));
      expect(n).toBeGreaterThan(0);
      expect(await own.db.select({ n: sql<number>`count(*)::int` }).from(pairings)).toEqual([
        { n: 7 },
      ]);
    } finally {
      await own.close();
    }
  }, 60_000);
});

describe("the sample history's dates", () => {
  /** Seeds a small sample company at `at` in a database of its own; its rounds and newsletters. */
  async function seededAt(at: Date) {
    const own = await createTestDatabase();
    try {
      await seedSampleCompany(own.db, { now: at, count: 40 });
      const rounds = await own.db.select().from(pairings).orderBy(pairings.month);
      const sent = await own.db
        .select()
        .from(newsletters)
        .orderBy(newsletters.year, newsletters.month);
      const logs = await own.db.select().from(emailLogs).orderBy(emailLogs.year, emailLogs.month);
      return { rounds, sent, logs };
    } finally {
      await own.close();
    }
  }

  it("publishes each round on its pairing day (the first Monday), not on the 1st", async () => {
    const { rounds, sent, logs } = await seededAt(new Date("2026-11-29T17:00:00Z"));
    const firstMondays = [
      "2026-05-04",
      "2026-06-01",
      "2026-07-06",
      "2026-08-03",
      "2026-09-07",
      "2026-10-05",
      "2026-11-02",
    ].map((day) => `${day}T09:00:00.000Z`);
    expect(rounds.map((p) => p.month)).toEqual([
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
    ]);
    expect(rounds.map((p) => p.createdAt.toISOString())).toEqual(firstMondays);
    expect(rounds.map((p) => p.announcedAt?.toISOString())).toEqual(firstMondays);
    // A round completes when the next one is published.
    expect(rounds.map((p) => p.completedAt?.toISOString() ?? null)).toEqual([
      ...firstMondays.slice(1),
      null,
    ]);
    // Each round's newsletter, the running one's too, went out when its round was published.
    expect(sent.map((n) => n.sentAt?.toISOString())).toEqual(firstMondays);
    expect(logs.map((l) => l.sentAt?.toISOString())).toEqual(firstMondays);
  }, 60_000);

  it("runs the latest round already published: before December's pairing day, November's", async () => {
    const { rounds } = await seededAt(new Date("2026-12-03T12:00:00Z"));
    expect(rounds.at(-1)).toMatchObject({ month: "2026-11", status: "active", completedAt: null });
    expect(rounds.at(-1)?.createdAt.toISOString()).toBe("2026-11-02T09:00:00.000Z");
    expect(rounds[0].month).toBe("2026-05");
  }, 60_000);
});

describe("the sample history in the Activity list", () => {
  it("has a line for each pairing generated, round completed and newsletter sent, at its time", async () => {
    const { items } = await activityPage({ db: database.db }, { limit: 100 });
    const kinds = (kind: string) => items.filter((item) => item.kind === kind);
    expect(kinds("pairing.generated")).toHaveLength(7);
    expect(kinds("round.completed")).toHaveLength(6);
    expect(kinds("newsletter.send-started")).toHaveLength(7);
    expect(kinds("newsletter.send-started")[0]).toMatchObject({
      at: "2027-03-01T09:00:00.000Z",
      month: "2027-03",
    });
    // Newest first: this month's pairing, published on March 2027's pairing day (Monday 1st).
    expect(kinds("pairing.generated")[0]).toMatchObject({
      kind: "pairing.generated",
      at: "2027-03-01T09:00:00.000Z",
      month: "2027-03",
      userName: null,
    });
    expect(kinds("pairing.generated")[0].detail).toMatch(
      /^Generated "March 2027 – Acme Corp" for the sample company: \d+ matches\.$/,
    );
    expect(items.map((item) => item.at)).toEqual(
      items
        .map((item) => item.at)
        .sort()
        .reverse(),
    );
  });
});
