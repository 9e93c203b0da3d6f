import { count, eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SatOutEntry } from "../../shared/sat-out";
import { fixedClock } from "../clock";
import { type Database, openDatabase } from "../db/client";
import { activities, matches, pairings } from "../db/schema";
import { memberIds, withMembers } from "../match-members/match-members";
import { stillSatOut } from "../pairings/scope/sat-out-people";
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
 * A model-based test of the operations on a running pairing — partner away, re-pair,
 * deactivation, whitelist removal, answers, a hand placement of someone who sat out — run one at
 * a time or two at the same moment through two app instances with their own connection pools,
 * against a real PostgreSQL server (docs/rounds.md, "Invariants of a round").
 *
 * Inside a step of two operations, fast-check's scheduler (`fc.scheduler`) decides which one
 * starts first, so a failing seed replays the same order (the commands run in sequence through
 * `fc.asyncModelRun`: `fc.scheduledModelRun` hung here waiting on the real database's I/O). After every
 * command all four invariants are checked, and where the model can tell a command must be
 * refused, the 4xx status and its message are asserted. A failure prints the seed and path;
 * `ROUND_MODEL_SEED` and `ROUND_MODEL_PATH` replay it, `ROUND_MODEL_RUNS` runs longer
 * (`npm run bench:round-model`).
 */
const RUNS = Number(process.env.ROUND_MODEL_RUNS ?? 25);
const SEED = process.env.ROUND_MODEL_SEED ? Number(process.env.ROUND_MODEL_SEED) : undefined;
const PATH = process.env.ROUND_MODEL_PATH;
const clock = fixedClock("2027-03-10T09:00:00Z");
/** Nine people in a pair, a pair, a trio and a pair, and two who sat out (9 and 10). */
const PEOPLE = 11;
const SAT_OUT = [9, 10];
let server: PostgresServer;
let one: TestApp;
let two: TestApp;
let boss: { id: string };
let n = 0;

beforeAll(async () => {
  server = await startPostgresServer({ migrated: true });
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
  | { kind: "answer"; who: number; met: boolean }
  | { kind: "place"; who: number; into: number; withWho: number | null; accept: boolean };

const person = fc.nat({ max: PEOPLE - 1 });
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant("away" as const), who: person, partner: fc.nat({ max: 3 }) }),
  fc.record({ kind: fc.constant("re-pair" as const), who: person }),
  fc.record({ kind: fc.constant("deactivate" as const), who: person }),
  fc.record({ kind: fc.constant("remove-entry" as const), who: person }),
  fc.record({ kind: fc.constant("answer" as const), who: person, met: fc.boolean() }),
  fc.record({
    kind: fc.constant("place" as const),
    // Mostly someone who sat out, so the placement gets past "not among the people who sat out".
    who: fc.oneof(fc.constantFrom(...SAT_OUT), person),
    into: fc.nat({ max: 5 }),
    withWho: fc.option(fc.oneof(fc.constantFrom(...SAT_OUT), person)),
    accept: fc.boolean(),
  }),
);

interface World {
  pairingId: number;
  pairingName: string;
  people: { id: string; email: string; firstName: string; lastName: string }[];
  /**
   * Each person's session, made once: a removed or deactivated person's ends, and their requests
   * then answer 401 (signing in again per request would whitelist them again).
   */
  cookies: string[];
  entries: Map<string, number>;
}

/** What the model knows besides what it reads back: who left, and who was ever in a match. */
interface Model {
  deactivated: Set<number>;
  removed: Set<number>;
  everMatched: Set<number>;
  reportedAway: Set<number>;
  /** The last match each person was seen in, for an answer sent after they left it. */
  lastMatch: Map<number, number>;
  /**
   * Reports of an away partner sent without a session (answered 401 or 429): their limit counts
   * them by the run's client address, five an hour (rounds/member-routes.ts), and the clock
   * stands still.
   */
  awayWithoutSession: number;
}

/** How many reports an address may send in an hour (rounds/member-routes.ts). */
const AWAY_LIMIT = 5;

interface Real {
  s: fc.Scheduler;
  w: World;
}

/** A fresh group: a pair, a pair and a trio, two people who sat out, each on their own entry. */
async function world(): Promise<World> {
  n++;
  const group = await createGroup(one.db, { displayName: `Model ${n}` });
  const people: World["people"] = [];
  const cookies: string[] = [];
  const entries = new Map<string, number>();
  for (let i = 0; i < PEOPLE; i++) {
    const email = `p${i}@model${n}.test`;
    entries.set(email, (await allowEmail(one.db, email, group.id)).id);
    const user = await createUser(one.db, { email, firstName: `P${i}`, lastName: `M${n}` });
    people.push({ id: user.id, email, firstName: `P${i}`, lastName: `M${n}` });
    cookies.push(await signIn(one.db, user, { now: clock.now() }));
  }
  const pairing = await createGroupPairing(one.db, group, { month: "2027-03" });
  for (const members of [
    [0, 1],
    [2, 3],
    [4, 5, 6],
    [7, 8],
  ]) {
    await createMatch(one.db, { members: members.map((i) => people[i]), pairing });
  }
  const satOut: SatOutEntry[] = SAT_OUT.map((i) => ({
    userId: people[i].id,
    reason: { kind: "numbers", ready: PEOPLE, left: SAT_OUT.length, oddPairs: true },
  }));
  await one.db.update(pairings).set({ satOut }).where(eq(pairings.id, pairing.id));
  return { pairingId: pairing.id, pairingName: pairing.name, people, cookies, entries };
}

interface Snapshot {
  /** The running matches of the pairing, by id, as indices of `w.people`. */
  matches: { id: number; members: number[] }[];
  satOut: Set<number>;
  activityLines: number;
}

async function snapshot(w: World): Promise<Snapshot> {
  const index = new Map(w.people.map((p, i) => [p.id, i]));
  const [pairing] = await one.db.select().from(pairings).where(eq(pairings.id, w.pairingId));
  const rows = await withMembers(
    one.db,
    await one.db
      .select()
      .from(matches)
      .where(eq(matches.pairingId, w.pairingId))
      .orderBy(matches.id),
  );
  const [{ lines }] = await one.db
    .select({ lines: count() })
    .from(activities)
    .where(eq(activities.pairingId, w.pairingId));
  return {
    matches: rows
      .filter((row) => row.status === "active")
      .map((row) => ({ id: row.id, members: memberIds(row).map((id) => index.get(id) ?? -1) })),
    satOut: new Set((await stillSatOut(one.db, pairing)).map((e) => index.get(e.userId) ?? -1)),
    activityLines: lines,
  };
}

const matchOf = (snap: Snapshot, who: number) => snap.matches.find((m) => m.members.includes(who));
const nameOf = (w: World, who: number) => `${w.people[who].firstName} ${w.people[who].lastName}`;
const membership = (snap: Snapshot) =>
  snap.matches
    .map((m) => [...m.members].sort((a, b) => a - b).join(","))
    .sort()
    .join(" | ");

/** What the model says a command must answer: a refusal with its message, or nothing to say. */
type Expected = { status: number; message: string | RegExp } | { status: 200 } | { status: "any" };

const any: Expected = { status: "any" };

function expectedOf(m: Model, snap: Snapshot, w: World, o: Op): Expected {
  const gone = m.deactivated.has(o.who) || m.removed.has(o.who);
  const name = nameOf(w, o.who);
  const own = matchOf(snap, o.who);
  switch (o.kind) {
    case "deactivate":
      return m.deactivated.has(o.who)
        ? { status: 409, message: new RegExp(`^${name}.* is already deactivated\\.$`) }
        : { status: 200 };
    case "remove-entry":
      return m.removed.has(o.who)
        ? { status: 404, message: "That whitelist entry no longer exists." }
        : { status: 200 };
    case "answer":
      if (gone) return { status: 401, message: "401: Unauthorized" };
      return own ? { status: 200 } : { status: 404, message: "Match not found" };
    case "away":
      if (gone && m.awayWithoutSession >= AWAY_LIMIT) {
        return { status: 429, message: /^Too many requests\. Please wait \d+ seconds/ };
      }
      if (gone) return { status: 401, message: "401: Unauthorized" };
      return own ? any : { status: 404, message: "Match not found" };
    case "re-pair":
      if (gone) return any;
      if (!own && !m.everMatched.has(o.who)) {
        return { status: 404, message: `${name} is not in "${w.pairingName}".` };
      }
      if (own && !own.members.some((i) => i !== o.who && m.reportedAway.has(i))) {
        return {
          status: 409,
          message: new RegExp(`^${name} already has a partner in "${w.pairingName}": `),
        };
      }
      return any;
    case "place":
      return expectedPlacement(m, snap, w, o) ?? any;
  }
}

function expectedPlacement(
  m: Model,
  snap: Snapshot,
  w: World,
  o: Op & { kind: "place" },
): Expected | null {
  const notSatOut = (i: number): Expected => ({
    status: 409,
    message: `${nameOf(w, i)} is not among the people who sat out of "${w.pairingName}" (placed meanwhile, or never left out).`,
  });
  const inactive: Expected = {
    status: 409,
    message: "Someone involved is no longer active. Please reload.",
  };
  if (o.withWho === null) {
    const target = snap.matches[o.into % snap.matches.length];
    if (target.members.length >= 4) {
      return {
        status: 409,
        message: "That match already has four people, the most a match can have.",
      };
    }
    if (m.deactivated.has(o.who) || target.members.some((i) => m.deactivated.has(i))) {
      return inactive;
    }
    if (!snap.satOut.has(o.who)) return notSatOut(o.who);
  } else {
    if (m.deactivated.has(o.who) || m.deactivated.has(o.withWho)) return inactive;
    for (const i of [o.who, o.withWho]) if (!snap.satOut.has(i)) return notSatOut(i);
    if (o.who === o.withWho) return { status: 400, message: "Choose two different people." };
  }
  const removed = [o.who, ...(o.withWho === null ? [] : [o.withWho])].find((i) => m.removed.has(i));
  if (removed !== undefined) {
    return { status: 409, message: new RegExp(`^${nameOf(w, removed)} cannot be placed: `) };
  }
  return null;
}

/**
 * Each run's own client address, so a per-address limit (the placement's; a report without a
 * session) counts one run only.
 */
const addressOf = (w: World) =>
  `10.1.${Math.floor(w.pairingId / 250) % 250}.${(w.pairingId % 250) + 1}`;

const at = (w: World) => ({ remoteAddress: addressOf(w) });

interface Answer {
  status: number;
  message?: string;
}

async function send(app: TestApp, m: Model, snap: Snapshot, w: World, o: Op): Promise<Answer> {
  const p = w.people[o.who];
  const answer = (res: { statusCode: number; json: () => { message?: string } }) => ({
    status: res.statusCode,
    message: res.statusCode >= 400 ? res.json().message : undefined,
  });
  if (o.kind === "re-pair") {
    return answer(
      await app
        .as(boss)
        .post(`/api/admin/pairings/${w.pairingId}/re-pair`, { userId: p.id }, at(w)),
    );
  }
  if (o.kind === "deactivate") {
    return answer(await app.as(boss).post(`/api/admin/users/${p.id}/deactivate`, undefined, at(w)));
  }
  if (o.kind === "remove-entry") {
    return answer(await app.as(boss).delete(`/api/admin/allowed-emails/${w.entries.get(p.email)}`));
  }
  if (o.kind === "place") {
    const target =
      o.withWho === null
        ? { matchId: snap.matches[o.into % snap.matches.length].id }
        : { withUserId: w.people[o.withWho].id };
    return answer(
      await app
        .as(boss)
        .post(
          `/api/admin/pairings/${w.pairingId}/place`,
          { userId: p.id, ...target, ...(o.accept ? { acceptBrokenRules: true } : {}) },
          { remoteAddress: addressOf(w) },
        ),
    );
  }
  const own = matchOf(snap, o.who);
  const matchId = own?.id ?? m.lastMatch.get(o.who) ?? snap.matches[0].id;
  if (o.kind === "answer") {
    return answer(
      await app
        .as(w.cookies[o.who])
        .put(
          `/api/matches/${matchId}/connection-status`,
          { status: o.met ? "confirmed" : "not_confirmed" },
          at(w),
        ),
    );
  }
  const others = (own?.members ?? []).filter((i) => i !== o.who);
  const partner = others.length > 0 ? others[o.partner % others.length] : undefined;
  return answer(
    await app
      .as(w.cookies[o.who])
      .post(
        `/api/matches/${matchId}/partner-away`,
        partner === undefined ? {} : { partnerId: w.people[partner].id },
        at(w),
      ),
  );
}

/**
 * A placement the model lets through is checked with the placement's own check first: the rules
 * it names must be confirmed, and the refusal quotes them.
 */
async function placementRules(w: World, snap: Snapshot, o: Op & { kind: "place" }) {
  const target: Record<string, string> =
    o.withWho === null
      ? { matchId: String(snap.matches[o.into % snap.matches.length].id) }
      : { withUserId: w.people[o.withWho].id };
  const res = await one
    .as(boss)
    .get(
      `/api/admin/pairings/${w.pairingId}/place-check?${new URLSearchParams({ userId: w.people[o.who].id, ...target })}`,
      { remoteAddress: addressOf(w) },
    );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().brokenRules as string[];
}

async function expectedFor(m: Model, snap: Snapshot, w: World, o: Op): Promise<Expected> {
  if (o.kind !== "place") return expectedOf(m, snap, w, o);
  const refused = expectedPlacement(m, snap, w, o);
  if (refused) return refused;
  const rules = await placementRules(w, snap, o);
  if (rules.length > 0 && !o.accept) {
    return {
      status: 409,
      message: `This placement breaks a rule: ${rules.join(" ")} Confirm to place anyway.`,
    };
  }
  return { status: 200 };
}

function expectAnswer(o: Op, got: Answer, expected: Expected) {
  const what = `${JSON.stringify(o)} answered ${got.status} ${got.message ?? ""}`;
  expect(got.status, what).toBeLessThan(500);
  if (got.status >= 400) expect(got.message, what).toMatch(/\S/);
  if (expected.status === "any") return;
  expect(got.status, what).toBe(expected.status);
  if ("message" in expected) {
    if (typeof expected.message === "string") expect(got.message, what).toBe(expected.message);
    else expect(got.message, what).toMatch(expected.message);
  }
}

/** What the model learns from an answer: who left, who reported whom away. */
function learn(m: Model, snap: Snapshot, o: Op, got: Answer) {
  if (o.kind === "away" && (got.status === 401 || got.status === 429)) m.awayWithoutSession++;
  if (got.status !== 200) return;
  if (o.kind === "deactivate") m.deactivated.add(o.who);
  if (o.kind === "remove-entry") m.removed.add(o.who);
  if (o.kind === "away") {
    const others = (matchOf(snap, o.who)?.members ?? []).filter((i) => i !== o.who);
    if (others.length > 0) m.reportedAway.add(others[o.partner % others.length]);
  }
}

/** Invariants 1–3 in SQL; the fourth: a change of who meets whom leaves an activity line. */
async function checkAfter(m: Model, w: World, before: Snapshot) {
  await checkRoundInvariants(one.db);
  const after = await snapshot(w);
  if (membership(after) !== membership(before)) {
    expect(after.activityLines, "a match changed without an activity line").toBeGreaterThan(
      before.activityLines,
    );
  }
  for (const match of [...before.matches, ...after.matches]) {
    for (const i of match.members) {
      m.everMatched.add(i);
      m.lastMatch.set(i, match.id);
    }
  }
}

class One implements fc.AsyncCommand<Model, Real> {
  constructor(readonly o: Op) {}
  check = () => true;
  async run(m: Model, { w }: Real) {
    const before = await snapshot(w);
    const expected = await expectedFor(m, before, w, this.o);
    const got = await send(one, m, before, w, this.o);
    expectAnswer(this.o, got, expected);
    learn(m, before, this.o, got);
    await checkAfter(m, w, before);
  }
  toString = () => JSON.stringify(this.o);
}

/**
 * Two operations at the same moment, one through each app instance. The scheduler decides which
 * starts first; the model cannot tell which wins, so each must answer below 500 with a message.
 */
class Together implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ops: [Op, Op]) {}
  check = () => true;
  async run(m: Model, { s, w }: Real) {
    const before = await snapshot(w);
    const answers = await s.waitFor(
      Promise.all(
        this.ops.map((o, i) =>
          s
            .schedule(Promise.resolve(), `start ${o.kind} of p${o.who}`)
            .then(() => send(i === 0 ? one : two, m, before, w, o)),
        ),
      ),
    );
    answers.forEach((got, i) => {
      expectAnswer(this.ops[i], got, any);
      learn(m, before, this.ops[i], got);
    });
    await checkAfter(m, w, before);
  }
  toString = () => `together(${this.ops.map((o) => JSON.stringify(o)).join(", ")})`;
}

const commands = fc.commands(
  [op.map((o) => new One(o)), fc.tuple(op, op).map((ops) => new Together(ops))],
  { maxCommands: 8 },
);

describe("operations on a running pairing, in any order and at the same moment", () => {
  it("keep every invariant after each command and refuse with the reason the model expects", async () => {
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(fc.scheduler(), commands, async (s, cmds) => {
        const setup = async () => ({
          model: {
            deactivated: new Set<number>(),
            removed: new Set<number>(),
            everMatched: new Set<number>([0, 1, 2, 3, 4, 5, 6, 7, 8]),
            reportedAway: new Set<number>(),
            lastMatch: new Map<number, number>(),
            awayWithoutSession: 0,
          },
          real: { s, w: await world() },
        });
        await fc.asyncModelRun(setup, cmds);
        if (process.env.ROUND_MODEL_TRACE) console.log(`run done ${Date.now() - started} ms`);
      }),
      { numRuns: RUNS, verbose: true, seed: SEED, path: PATH },
    );
  }, 600_000);
});
describe("two reports of an away partner at the same moment inside a match of three", () => {
  it("run one after the other, so the match never keeps a single member", async () => {
    const w = await world();
    const [a, b, c] = [4, 5, 6].map((i) => w.people[i]);
    const match = (await one.as(w.cookies[4]).get("/api/matches/current")).json().match;
    const [first, second] = await Promise.all([
      one.as(a).post(`/api/matches/${match.id}/partner-away`, { partnerId: c.id }),
      two.as(b).post(`/api/matches/${match.id}/partner-away`, { partnerId: a.id }),
    ]);
    expect([first.statusCode, second.statusCode].every((code) => code < 500)).toBe(true);
    await checkRoundInvariants(one.db);
  });
});
