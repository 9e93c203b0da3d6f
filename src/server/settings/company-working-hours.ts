import { eq, sql } from "drizzle-orm";
import {
  DEFAULT_WORKING_HOURS,
  type WorkingDay,
  workingHoursProblem,
} from "../../shared/working-hours";
import type { Db, Tx } from "../db/client";
import { settings } from "../db/schema";

export const WORKING_HOURS_KEY = "company.workingHours";

/** The company's default working hours (docs/profile.md), Monday–Friday 09:00–17:00 until set. */
export async function getCompanyWorkingHours(db: Db | Tx): Promise<WorkingDay[]> {
  const [row] = await db.select().from(settings).where(eq(settings.key, WORKING_HOURS_KEY));
  return row && workingHoursProblem(row.value) === null
    ? (row.value as WorkingDay[])
    : DEFAULT_WORKING_HOURS;
}

export async function saveCompanyWorkingHours(db: Db | Tx, hours: WorkingDay[]): Promise<void> {
  await db
    .insert(settings)
    .values({ key: WORKING_HOURS_KEY, value: hours })
    .onConflictDoUpdate({ target: settings.key, set: { value: hours, updatedAt: sql`now()` } });
}

/** A stored personal list, if it is still a valid one. */
export function ownHours(value: unknown): WorkingDay[] | null {
  return value != null && workingHoursProblem(value) === null ? (value as WorkingDay[]) : null;
}
