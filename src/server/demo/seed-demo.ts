import { addDays, addMonths, format } from "date-fns";
import { eq, sql } from "drizzle-orm";
import {
  SAMPLE_COMPANY_NAME,
  SAMPLE_DOMAIN,
  SAMPLE_EMPLOYEES,
  SAMPLE_GROUP,
  type SamplePerson,
  sampleDepartmentList,
  samplePeople,
} from "../../shared/sample-company";
import { insertAsJson } from "../db/bulk-insert";
import type { Db } from "../db/client";
import { allowedEmails, departments, domainGroups, pairings, settings, users } from "../db/schema";
import { getCompanySettings, saveCompanySettings } from "../settings/company-settings";
import { seedHistory } from "./seed-demo-history";

export const DEMO_DOMAIN = SAMPLE_DOMAIN;
const DEMO_FLAG = "demo_seeded";

export interface SeedOptions {
  now: Date;
  count?: number;
  domain?: string;
  seed?: number;
}

/** Seeds the sample company once per database (DEMO=1); later starts are no-ops. */
export async function seedDemoOnce(db: Db, options: SeedOptions) {
  const [flag] = await db.select().from(settings).where(eq(settings.key, DEMO_FLAG));
  if (flag) return null;
  const result = await seedSampleCompany(db, options);
  await db
    .insert(settings)
    .values({ key: DEMO_FLAG, value: { at: options.now.toISOString() } })
    .onConflictDoNothing();
  // Thousands of rows just arrived at once: without statistics the planner takes the table for a
  // hundred rows and reads every person for a page of the users list (docs/performance.md).
  await db.execute(sql`analyze users, matches, match_members`);
  return result;
}

/**
 * The sample company is named as an admin would name it (the Company step of Getting started,
 * docs/admin-console.md), unless a name was saved already.
 */
async function nameTheCompany(db: Pick<Db, "select" | "insert">) {
  const company = await getCompanySettings(db);
  if (company.name === "") await saveCompanySettings(db, { ...company, name: SAMPLE_COMPANY_NAME });
}

/**
 * The sample company of src/shared/sample-company.ts: its name, a domain group with its whole
 * domain whitelisted, its departments (Other included) and employees with profiles, mixed
 * preferences and participation states. A company without pairings also gets its history
 * (seed-demo-history.ts); a later call only adds people.
 */
export async function seedSampleCompany(
  db: Db,
  { now, count = SAMPLE_EMPLOYEES, domain = DEMO_DOMAIN, seed = 42 }: SeedOptions,
) {
  return db.transaction(async (tx) => {
    await nameTheCompany(tx);
    const [group] = await tx
      .insert(domainGroups)
      .values({
        name: SAMPLE_GROUP.name,
        displayName: SAMPLE_GROUP.displayName,
        description: "Sample company",
      })
      .onConflictDoUpdate({ target: domainGroups.name, set: { updatedAt: now } })
      .returning();
    await tx
      .insert(allowedEmails)
      .values({ email: `*@${domain}`, domain, domainGroupId: group.id, reason: "Sample company" })
      .onConflictDoNothing();
    await tx
      .insert(departments)
      .values(
        sampleDepartmentList.map(([name, displayName]) => ({
          name,
          displayName,
          domainGroupId: group.id,
        })),
      )
      .onConflictDoNothing();

    const [{ existing }] = await tx
      .select({ existing: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`${users.email} like ${`%@${domain}`}`);
    const people = samplePeople(count, existing, seed).map((p) => ({
      ...p,
      email: p.email.replace(`@${SAMPLE_DOMAIN}`, `@${domain}`),
    }));
    const created = (await insertAsJson(
      tx,
      users,
      people.map((p) => userRow(p, now)),
      { onConflictDoNothing: true, returning: "id" },
    )) as string[];
    const [{ rounds }] = await tx
      .select({ rounds: sql<number>`count(*)::int` })
      .from(pairings)
      .where(eq(pairings.scopeKey, String(group.id)));
    if (rounds === 0 && created.length === people.length) {
      await seedHistory(tx, { now, group, people, ids: created });
    }
    return { users: created.length, domain, domainGroupId: group.id };
  });
}

function userRow(p: SamplePerson, now: Date) {
  const paused = p.participationStatus === "paused";
  return {
    email: p.email,
    firstName: p.firstName,
    lastName: p.lastName,
    department: p.department,
    matchingPreference: p.matchingPreference,
    bio: p.bio,
    participationStatus: p.participationStatus,
    pauseStartDate: paused ? format(now, "yyyy-MM-dd") : null,
    pauseEndDate: paused ? format(addMonths(now, 1), "yyyy-MM-dd") : null,
    pauseReason: paused ? "temporary" : null,
    employeeStatus: p.onLeave ? ("on_leave" as const) : ("active" as const),
    leaveStartDate: p.onLeave ? format(addDays(now, -10), "yyyy-MM-dd") : null,
    leaveEndDate: p.onLeave ? format(addDays(now, 50), "yyyy-MM-dd") : null,
    leaveReason: p.onLeave ? "Parental leave" : null,
    isEmailVerified: true,
    isValidated: true,
    validatedAt: now,
    needsProfileSetup: false,
    authMethod: "magic_link" as const,
  };
}
