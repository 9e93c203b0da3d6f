import type { SeedUsersResponse } from "../../shared/employees";
import type { AppContext } from "../context";
import { seedSampleCompany } from "../demo/seed-demo";

/** The demo seeding: a sample company of 100 people with six months of completed pairings. */
export async function seedUsers(ctx: AppContext): Promise<SeedUsersResponse> {
  const result = await seedSampleCompany(ctx.db, { now: ctx.clock.now(), count: 100 });
  return {
    message: `Created ${result.users} sample users at ${result.domain}`,
    users: result.users,
    domain: result.domain,
  };
}
