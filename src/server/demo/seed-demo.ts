import { addDays, addMonths, format } from "date-fns";
import { and, eq, sql } from "drizzle-orm";
import {
  SAMPLE_COMPANY_NAME,
  SAMPLE_DOMAIN,
  SAMPLE_EMPLOYEES,
  SAMPLE_GROUP,
  SAMPLE_OFFICES,
  type SamplePerson,
  sampleDepartmentList,
  samplePeople,
} from "../../shared/sample-company";
import { insertAsJson } from "../db/bulk-insert";
import type { Db, Tx } from "../db/client";
import {
  allowedEmails,
  departments,
  domainGroups,
  offices,
  pairings,
  settings,
  users,
} from "../db/schema";
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
 * domain whitelisted, its departments (Other included), its offices and employees with profiles
 * (each in an office, on its time zone), mixed preferences and participation states. A company without pairings also gets its history
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
    // The group's office list (docs/admin-console.md, "Offices"), the one its people picked from.
    await tx
      .insert(offices)
      .values(SAMPLE_OFFICES.map((name) => ({ domainGroupId: group.id, name })))
      .onConflictDoNothing();

    const people = samplePeople(count, await peopleAlreadyThere(tx, domain), seed).map((p) => ({
      ...p,
      email: p.email.replace(`@${SAMPLE_DOMAIN}`, `@${domain}`),
    }));
    const adopted = await adoptAdmins(tx, people, now);
    const created = (await insertAsJson(
      tx,
      users,
      people.filter((p) => !adopted.has(p.email)).map((p) => userRow(p, now)),
      { onConflictDoNothing: true, returning: "id" },
    )) as string[];
    const [{ rounds }] = await tx
      .select({ rounds: sql<number>`count(*)::int` })
      .from(pairings)
      .where(eq(pairings.scopeKey, String(group.id)));
    const written = created.length + adopted.size;
    if (rounds === 0 && written === people.length) {
      let made = 0;
      const ids = people.map((p) => adopted.get(p.email) ?? created[made++]);
      await seedHistory(tx, { now, group, people, ids });
    }
    return { users: written, domain, domainGroupId: group.id };
  });
}

/**
 * How many of the sample company's people are stored already, so a later call adds the next ones:
 * everyone at its domain but an admin who never made a profile (the ADMIN_EMAIL account,
 * db/employee.ts). The admin's own address never shifts who the sample people are, so the server
 * has the very people /admin-demo shows (docs/admin-console.md).
 */
async function peopleAlreadyThere(tx: Tx, domain: string): Promise<number> {
  const [{ existing }] = await tx
    .select({ existing: sql<number>`count(*)::int` })
    .from(users)
    .where(
      sql`${users.email} like ${`%@${domain}`} and not (${users.isAdmin} and ${users.needsProfileSetup})`,
    );
  return existing;
}

/**
 * An admin who never made a profile and whose address is a sample person's (ADMIN_EMAIL set to
 * one of theirs) is that person: their account gets the person's profile, keeping its admin
 * rights and password. Their ids by address.
 */
async function adoptAdmins(
  tx: Tx,
  people: SamplePerson[],
  now: Date,
): Promise<Map<string, string>> {
  const admins = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.needsProfileSetup, true)));
  const byEmail = new Map(people.map((p) => [p.email, p]));
  const adopted = new Map<string, string>();
  for (const admin of admins) {
    const person = byEmail.get(admin.email.toLowerCase());
    if (!person) continue;
    const { authMethod: _keptAuth, ...profile } = userRow(person, now);
    await tx
      .update(users)
      .set({ ...profile, updatedAt: now })
      .where(eq(users.id, admin.id));
    adopted.set(person.email, admin.id);
  }
  return adopted;
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
    office: p.office,
    timeZone: p.timeZone,
    timeZoneConfirmed: true,
    isEmailVerified: true,
    isValidated: true,
    validatedAt: now,
    needsProfileSetup: false,
    authMethod: "magic_link" as const,
  };
}
