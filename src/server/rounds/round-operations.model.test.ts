import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixedClock } from "../clock";
import { type Database, openDatabase } from "../db/client";
import {
  allowEmail,
  createAdmin,
  createGroup,
  createGroupPairing,
  createMatch,
  createUser,
  signIn,
} from "../test/factories";
import { type PostgresServer, startPostgresServer } from "../test/postgres-server";
import { createTestApp, type TestApp } from "../test/test-app";
import { checkRoundInvariants } from "./round-invariants";

/*
 * Random sequences of the operations on a running pairing — partner away, re-pair, deactivation,
 * whitelist removal, answers — some sent at the same moment through two app instances with their
 * own connection pools, against a real PostgreSQL server. After every step the round's
 * invariants (round-invariants.ts) must hold and no answer may be a 5xx. A failure prints
 * fast-check's seed and path; `ROUND_MODEL_RUNS` runs longer (`npm run bench:round-model`).
 */
const RUNS = Number(process.env.ROUND_MODEL_RUNS ?? 6);
const clock = fixedClock("2027-03-10T09:00:00Z");
let server: PostgresServer;
let one: TestApp;
let two: TestApp;
let boss: { id: string };
let n = 0;

beforeAll(async () => {
  server = await startPostgresServer();
  const database: Database = await openDatabase({ databaseUrl: server.url });
  await database.migrate();
  one = await createTestApp({ clock, database });
  two = await createTestApp({ clock, database: await openDatabase({ databaseUrl: server.url }) });
  boss = await createAdmin(one.db, { email: "boss@model.test", participationStatus: "opted_out" });
}, 120_000);
afterAll(async () => {
  await two?.close();
  await two?.database.close();
  await one?.close();
  await one?.database.close();
  await server?.close();
});

type Op =
  | { kind: "away"; who: number; partner: number }
  | { kind: "re-pair"; who: number }
  | { kind: "deactivate"; who: number }
  | { kind: "remove-entry"; who: number }
  | { kind: "answer"; who: number; met: boolean };

const person = fc.nat({ max: 8 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("away" as const), who: person, partner: fc.nat({ max: 3 }) }),
  fc.record({ kind: fc.constant("re-pair" as const), who: person }),
  fc.record({ kind: fc.constant("deactivate" as const), who: person }),
  fc.record({ kind: fc.constant("remove-entry" as const), who: person }),
  fc.record({ kind: fc.constant("answer" as const), who: person, met: fc.boolean() }),
);
/** A step: one operation, or two sent at the same moment through the two app instances. */
const step = fc.array(op, { minLength: 1, maxLength: 2 });

interface World {
  pairingId: number;
  people: { id: string; email: string }[];
  /**
   * Each person's session, made once: a removed or deactivated person's ends, and their requests
   * then answer 401 (signing in again per request would whitelist them again).
   */
  cookies: string[];
  entries: Map<string, number>;
}

/** Nine people of a fresh group, each on their own whitelist entry: three pairs and a trio. */
async function world(): Promise<World> {
  n++;
  const group = await createGroup(one.db, { displayName: `Model ${n}` });
  const people: World["people"] = [];
  const cookies: string[] = [];
  const entries = new Map<string, number>();
  for (let i = 0; i < 9; i++) {
    const email = `p${i}@model${n}.test`;
    entries.set(email, (await allowEmail(one.db, email, group.id)).id);
    const user = await createUser(one.db, { email, firstName: `P${i}`, lastName: `M${n}` });
    people.push(user);
    cookies.push(await signIn(one.db, user, { now: clock.now() }));
  }
  const pairing = await createGroupPairing(one.db, group, { month: "2027-03" });
  for (const members of [
    [0, 1],
    [2, 3],
    [4, 5, 6],
  ]) {
    await createMatch(one.db, { members: members.map((i) => people[i]), pairing });
  }
  return { pairingId: pairing.id, people, cookies, entries };
}

async function matchOf(w: World, who: number) {
  const res = await one.as(w.cookies[who]).get("/api/matches/current");
  return res.statusCode === 200 ? res.json().match : null;
}

async function run(app: TestApp, w: World, o: Op): Promise<number> {
  const p = w.people[o.who];
  if (o.kind === "re-pair") {
    return (await app.as(boss).post(`/api/admin/pairings/${w.pairingId}/re-pair`, { userId: p.id }))
      .statusCode;
  }
  if (o.kind === "deactivate") {
    return (await app.as(boss).post(`/api/admin/users/${p.id}/deactivate`)).statusCode;
  }
  if (o.kind === "remove-entry") {
    const id = w.entries.get(p.email);
    return (await app.as(boss).delete(`/api/admin/allowed-emails/${id}`)).statusCode;
  }
  const match = await matchOf(w, o.who);
  if (!match) return 404;
  if (o.kind === "answer") {
    return (
      await app.as(w.cookies[o.who]).put(`/api/matches/${match.id}/connection-status`, {
        status: o.met ? "confirmed" : "not_confirmed",
      })
    ).statusCode;
  }
  const members: { userId: string }[] = match.members ?? [];
  const others = members.map((m) => ({ id: m.userId })).filter((m) => m.id !== p.id);
  const partner = others[o.partner % Math.max(others.length, 1)];
  return (
    await app
      .as(w.cookies[o.who])
      .post(`/api/matches/${match.id}/partner-away`, partner ? { partnerId: partner.id } : {})
  ).statusCode;
}

describe("operations on a running pairing, in any order and at the same moment", () => {
  it("keep the round's invariants and never answer 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 3, maxLength: 8 }), async (steps) => {
        const w = await world();
        for (const ops of steps) {
          const codes = await Promise.all(ops.map((o, i) => run(i === 0 ? one : two, w, o)));
          for (const code of codes) expect(code).toBeLessThan(500);
          await checkRoundInvariants(one.db);
        }
      }),
      { numRuns: RUNS, verbose: true },
    );
  }, 600_000);
});

describe("two reports of an away partner at the same moment inside a match of three", () => {
  it("run one after the other, so the match never keeps a single member", async () => {
    const w = await world();
    const [a, b, c] = [4, 5, 6].map((i) => w.people[i]);
    const match = await matchOf(w, 4);
    const [first, second] = await Promise.all([
      one.as(a).post(`/api/matches/${match.id}/partner-away`, { partnerId: c.id }),
      two.as(b).post(`/api/matches/${match.id}/partner-away`, { partnerId: a.id }),
    ]);
    expect([first.statusCode, second.statusCode].every((code) => code < 500)).toBe(true);
    await checkRoundInvariants(one.db);
  });
});
