/**
 * The Connections figures at company scale: `npm run bench:connections [-- people]` (default
 * 10000, a quick run; the goal is stated for 100000 people and 12 months, docs/performance.md,
 * "Connections").
 *
 * On one throwaway PostgreSQL server (a Unix socket only): N people in 20 departments, twelve
 * monthly company-wide pairings pairing everyone at random, seven chats in ten met. Reports the
 * median and range of 5 counts of GET /api/admin/metrics/connections's aggregate over the twelve
 * months (cold: counted again each time) and of 9 answers while nothing changed (kept figures).
 * Then the read right after a change (9 times, a check-in answer changed before each): the
 * figures counted before, answered at once and marked stale while the connection-figures job
 * recounts (docs/performance.md, "Connections"); this is the read the goal is about.
 * `[-- people rounds]` sets the rounds of the count (5 by default). The machine is shared, so each count runs right after a floor in the same run: one plain pass
 * joining the period's matches to their members (what any exact count must read at least), and
 * the median of the per-round ratios count ÷ floor is reported beside the times.
 */
import { loadavg } from "node:os";
import { sql } from "drizzle-orm";
import { fixedClock } from "../src/server/clock";
import type { Db } from "../src/server/db/client";
import { openDatabase } from "../src/server/db/client";
import { createJobWakes } from "../src/server/job-wakes";
import { connectionAggregates } from "../src/server/metrics/connections/connection-aggregates";
import { getConnections } from "../src/server/metrics/connections/get-connections";
import { startPostgresServer } from "../src/server/test/postgres-server";

const people = Number(process.argv[2]) > 0 ? Number(process.argv[2]) : 10_000;
const rounds = Number(process.argv[3]) > 0 ? Number(process.argv[3]) : 5;
const GOAL_MS = 250;
const MONTHS = Array.from({ length: 12 }, (_, i) => `2027-${String(i + 1).padStart(2, "0")}`);

const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)];
const ratio = (times: number[], floors: number[]) =>
  median(times.map((t, i) => t / floors[i])).toFixed(1);
const line = (label: string, times: number[]) =>
  `${label}: median ${median(times).toFixed(0)} ms (${Math.min(...times).toFixed(0)}–${Math.max(...times).toFixed(0)})`;

async function seed(db: Db) {
  await db.execute(sql`insert into departments (name, display_name)
    select 'dept-' || d, 'Department ' || d from generate_series(0, 19) d`);
  await db.execute(sql`insert into users (email, department)
    select 'p' || i || '@bench.test', 'dept-' || (i % 20) from generate_series(1, ${people}) i`);
  for (const month of MONTHS) {
    const [{ id }] = (
      (await db.execute(sql`insert into pairings (name, month, scope_key, status)
        values (${month}, ${month}, 'all', 'completed') returning id`)) as unknown as {
        rows: Array<{ id: number }>;
      }
    ).rows;
    await db.execute(sql`insert into matches (pairing_id, month, status)
      select ${id}, ${month}, 'completed' from generate_series(1, ${Math.floor(people / 2)})`);
    await db.execute(sql`
      with m as (select id, row_number() over (order by id) k from matches where pairing_id = ${id}),
      p as (select id, row_number() over (order by random()) rn from users)
      insert into match_members (match_id, user_id, position, answer)
      select m.id, p.id, ((p.rn - 1) % 2) + 1,
        case when random() < 0.7 then 'met' when random() < 0.5 then 'skip' end
      from p join m on m.k = (p.rn + 1) / 2`);
  }
  // The twelve bulk inserts updated each person's view version row twelve times (decision 0025's
  // triggers): vacuum as autovacuum would, so the kept read scans live rows, not eleven dead ones.
  await db.execute(sql`vacuum analyze`);
}

/** One check-in answer changed, as a person's answer does: every stored figure is stale after it. */
async function change(db: Db, i: number) {
  await db.execute(sql`update match_members set answer = ${i % 2 ? "met" : "skip"}
    where (match_id, user_id) = (select match_id, user_id from match_members limit 1)`);
}

/** The floor: the period's matches joined to their members once, counted. */
async function floor(db: Db, from: string, to: string) {
  const started = performance.now();
  await db.execute(sql`select count(*) from matches
    join pairings on pairings.id = matches.pairing_id
    join match_members on match_members.match_id = matches.id
    where matches.month between ${from} and ${to}`);
  return performance.now() - started;
}

async function main() {
  const server = await startPostgresServer();
  const database = await openDatabase({ databaseUrl: server.url, poolSize: 2 });
  try {
    await database.migrate();
    console.log(`seeding ${people} people, 12 months…`);
    await seed(database.db);
    const loadAtStart = loadavg()[0].toFixed(1);
    const scope = { from: MONTHS[0], to: MONTHS[11], domainGroupId: null };
    const cold: number[] = [];
    const floors: number[] = [];
    await floor(database.db, scope.from, scope.to);
    for (let i = 0; i < rounds; i++) {
      floors.push(await floor(database.db, scope.from, scope.to));
      const started = performance.now();
      await database.db.transaction((tx) => connectionAggregates(tx, scope));
      cold.push(performance.now() - started);
    }
    const ctx = {
      db: database.db,
      clock: fixedClock(new Date("2027-12-15T09:00:00Z")),
      jobs: createJobWakes(),
    };
    const request = { from: scope.from, to: scope.to, domainGroupId: null };
    await getConnections(ctx, request);
    const kept: number[] = [];
    const keptFloors: number[] = [];
    for (let i = 0; i < 9; i++) {
      keptFloors.push(await floor(database.db, scope.from, scope.to));
      const started = performance.now();
      await getConnections(ctx, request);
      kept.push(performance.now() - started);
    }
    const stale: number[] = [];
    const staleFloors: number[] = [];
    for (let i = 0; i < 9; i++) {
      await change(database.db, i);
      staleFloors.push(await floor(database.db, scope.from, scope.to));
      const started = performance.now();
      const answer = await getConnections(ctx, request);
      stale.push(performance.now() - started);
      if (!answer.stale) throw new Error("the read after a change was not stale");
    }
    console.log(
      `load average at the start: ${loadAtStart}, at the end: ${loadavg()[0].toFixed(1)}`,
    );
    console.log(line("floor (the period's members joined once)", [...floors, ...keptFloors]));
    console.log(
      `${line(`counted (${people} people, 12 months)`, cold)}; ×${ratio(cold, floors)} the floor`,
    );
    console.log(`${line("kept (nothing changed)", kept)}; ×${ratio(kept, keptFloors)} the floor`);
    console.log(
      `${line("after a change (stale, recount in the background)", stale)}; ×${ratio(stale, staleFloors)} the floor`,
    );
    const pass = Math.max(median(kept), median(stale)) <= GOAL_MS;
    console.log(`goal ≤ ${GOAL_MS} ms for an admin's read: ${pass ? "PASS" : "FAIL"}`);
    if (!pass) process.exitCode = 1;
  } finally {
    await database.close();
    await server.close();
  }
}

await main();
