import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AdminUsersResponse } from "../../../shared/admin-users";
import { fixedClock } from "../../clock";
import { createAdmin, signIn } from "../../test/factories";
import { createTestApp, type TestApp } from "../../test/test-app";
import { EXACT_COUNT_LIMIT } from "./user-status-counts";

const NOW = new Date("2027-03-10T09:00:00Z");
const PEOPLE = EXACT_COUNT_LIMIT * 2;
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp({ clock: fixedClock(NOW) });
  admin = await signIn(t.db, await createAdmin(t.db, { email: "boss@hq.test" }), { now: NOW });
  // Statistics change only when a test analyses the table (a server's autovacuum could otherwise
  // analyse it between two tests).
  await t.db.execute(sql`alter table users set (autovacuum_enabled = false)`);
  // Twice the exact limit, one in ten paused and one in fifty deactivated.
  await t.db.execute(sql`insert into users (email, first_name, last_name, participation_status, is_active)
    select 'person' || i || '@big.test', 'Person', 'No ' || i,
      case when i % 10 = 0 then 'paused' else 'active' end, i % 50 <> 0
    from generate_series(1, ${PEOPLE}) as i`);
});
afterAll(() => t.close());

async function list(query = ""): Promise<AdminUsersResponse> {
  const res = await t.app.inject({
    method: "GET",
    url: `/api/admin/users?limit=50${query}`,
    headers: { cookie: admin },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

const near = (value: number, truth: number) =>
  expect(Math.abs(value - truth)).toBeLessThanOrEqual(truth * 0.1);

describe("the users list's counts at many thousands of people", () => {
  it("counts exactly while the table's statistics are not fresh (an embedded database runs no autovacuum)", async () => {
    const page = await list();
    expect(page.countsEstimated).toBe(false);
    expect(page.counts.total).toBe(PEOPLE + 1);
    expect(page.counts.paused).toBe(PEOPLE / 10);
    expect(page.counts.deactivated).toBe(PEOPLE / 50);
  });

  it("answers the planner's estimates, marked as such, once the statistics are fresh", async () => {
    // On a PostgreSQL server another connection's inserts reach the statistics only once that
    // connection flushes them (up to seconds later): wait for them, so they cannot land after
    // the analysis and make it stale again.
    const changed = async () => {
      const result = (await t.db.execute(
        sql`select n_mod_since_analyze::int as n from pg_stat_user_tables where relid = 'users'::regclass`,
      )) as unknown as { rows: Array<{ n: number }> };
      return Number(result.rows[0].n);
    };
    await expect.poll(changed, { timeout: 30_000, interval: 200 }).toBeGreaterThanOrEqual(PEOPLE);
    await t.db.execute(sql`analyze users`);
    await expect
      .poll(async () => (await list()).countsEstimated, { timeout: 30_000, interval: 200 })
      .toBe(true);
    const page = await list();
    expect(page.countsEstimated).toBe(true);
    near(page.counts.total, PEOPLE + 1);
    near(page.counts.paused, PEOPLE / 10);
    near(page.counts.active, (PEOPLE * 9) / 10);
    near(page.counts.deactivated, PEOPLE / 50);
    expect(page.total).toBe(page.counts.total);
    expect(page.users).toHaveLength(50);
  });

  it("estimates only the people listed: a count the status or account filter settles reads 0", async () => {
    const page = await list("&status=active&account=active");
    expect(page.countsEstimated).toBe(true);
    near(page.counts.total, (PEOPLE * 9) / 10);
    expect(page.counts).toMatchObject({ paused: 0, opted_out: 0, deactivated: 0 });
    expect(page.counts.active).toBe(page.counts.total);
    expect(page.total).toBe(page.counts.total);
  });

  it("counts a search that matches a few people exactly", async () => {
    const page = await list("&q=No%2012345");
    expect(page.countsEstimated).toBe(false);
    expect(page.total).toBe(1);
    expect(page.users.map((user) => user.email)).toEqual(["person12345@big.test"]);
  });

  it("pages a rare status in name order, each person once", async () => {
    const seen: string[] = [];
    let cursor: string | null = "";
    for (let pages = 0; cursor !== null && pages < 3; pages++) {
      const page: AdminUsersResponse = await list(
        `&account=deactivated${cursor ? `&cursor=${cursor}` : ""}`,
      );
      seen.push(...page.users.map((user) => user.email));
      cursor = page.nextCursor;
    }
    expect(seen).toHaveLength(150);
    expect(new Set(seen).size).toBe(150);
    expect(seen.every((email) => /^person\d+@big\.test$/.test(email))).toBe(true);
  });
});
