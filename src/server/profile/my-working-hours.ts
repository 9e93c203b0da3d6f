import { eq } from "drizzle-orm";
import {
  isIanaTimeZone,
  type MyWorkingHours,
  type SaveWorkingHours,
} from "../../shared/working-hours";
import type { SignedInUser } from "../auth/session-store";
import type { AppContext } from "../context";
import { users } from "../db/schema";
import { getCompanyWorkingHours, ownHours } from "../settings/company-working-hours";
import { getTimeZone } from "../settings/time-zone";

/** The person's zone and hours as matching uses them, and the company's (docs/profile.md). */
export async function getMyWorkingHours(
  ctx: Pick<AppContext, "db">,
  userId: string,
): Promise<MyWorkingHours> {
  const [row] = await ctx.db
    .select({
      timeZone: users.timeZone,
      workingHours: users.workingHours,
      confirmed: users.timeZoneConfirmed,
    })
    .from(users)
    .where(eq(users.id, userId));
  const companyTimeZone = await getTimeZone(ctx.db);
  const companyWorkingHours = await getCompanyWorkingHours(ctx.db);
  const zone = row?.timeZone && isIanaTimeZone(row.timeZone) ? row.timeZone : null;
  const hours = ownHours(row?.workingHours);
  return {
    timeZone: zone ?? companyTimeZone,
    workingHours: hours ?? companyWorkingHours,
    ownTimeZone: zone !== null,
    ownHours: hours !== null,
    timeZoneConfirmed: row?.confirmed ?? false,
    companyTimeZone,
    companyWorkingHours,
  };
}

/** Saves the person's zone (which confirms it) and their own hours, or null for the company's. */
export async function saveMyWorkingHours(
  ctx: Pick<AppContext, "db" | "clock">,
  user: SignedInUser,
  input: SaveWorkingHours,
): Promise<MyWorkingHours> {
  await ctx.db
    .update(users)
    .set({
      timeZone: input.timeZone,
      workingHours: input.workingHours,
      timeZoneConfirmed: true,
      updatedAt: ctx.clock.now(),
    })
    .where(eq(users.id, user.id));
  return getMyWorkingHours(ctx, user.id);
}
