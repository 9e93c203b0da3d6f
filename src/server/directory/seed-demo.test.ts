import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { matches, users } from "../db/schema";
import { createTestDatabase } from "../test/test-database";
import { DEMO_DOMAIN, seedDemoOnce } from "./seed-demo";

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe("demo seeding", () => {
  it("seeds as many employees as asked, in statements small enough for any size, only once", async () => {
    const now = new Date("2027-03-10T09:00:00Z");
    // 3,500 people × 20 columns is more parameters than one INSERT may carry.
    const seeded = await seedDemoOnce(database.db, { now, count: 3500 });
    expect(seeded).toMatchObject({ users: 3500, domain: DEMO_DOMAIN });
    const count = async () =>
      (
        await database.db
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .where(sql`${users.email} like ${`%@${DEMO_DOMAIN}`}`)
      )[0].n;
    expect(await count()).toBe(3500);
    const [{ pairs }] = await database.db
      .select({ pairs: sql<number>`count(*)::int` })
      .from(matches);
    expect(pairs).toBe(6 * 1750);
    expect(await seedDemoOnce(database.db, { now, count: 3500 })).toBeNull();
    expect(await count()).toBe(3500);
  }, 120_000);
});
