import { addDays, addMonths, format, startOfMonth } from "date-fns";
import { eq, sql } from "drizzle-orm";
import type { ConnectionStatus, MatchingPreference, ParticipationStatus } from "../../shared/enums";
import type { Db } from "../db/client";
import {
  allowedEmails,
  departments,
  domainGroups,
  matches,
  pairings,
  settings,
  users,
} from "../db/schema";

export const DEMO_DOMAIN = "acme.example";
const DEMO_FLAG = "demo_seeded";

const departmentList = [
  ["engineering", "Engineering"],
  ["sales", "Sales"],
  ["marketing", "Marketing"],
  ["design", "Design"],
  ["product", "Product"],
  ["people", "People & Culture"],
  ["finance", "Finance"],
  ["customer-success", "Customer Success"],
  ["Other", "Other"],
] as const;

const firstNames = [
  "Ada",
  "Ben",
  "Chloe",
  "Dev",
  "Elena",
  "Farid",
  "Grace",
  "Hugo",
  "Imani",
  "Jonas",
  "Kira",
  "Luca",
  "Maya",
  "Nico",
  "Olga",
  "Priya",
  "Quinn",
  "Rosa",
  "Sam",
  "Tariq",
];
const lastNames = [
  "Okafor",
  "Lindqvist",
  "Moreau",
  "Patel",
  "Rossi",
  "Haddad",
  "Kim",
  "Novak",
  "Silva",
  "Weber",
];
const bios = [
  "Ask me about sourdough and distributed systems.",
  "Weekend hiker, weekday spreadsheet wrangler.",
  "Always up for a flat white and a book recommendation.",
  "New to the team — show me your favourite coffee spot!",
  "",
];

/** Small deterministic generator so the sample company is the same on every machine. */
function seededRandom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Rows per INSERT: a statement may carry at most 65,535 parameters. */
const INSERT_CHUNK = 1000;

function chunks<T>(rows: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) out.push(rows.slice(i, i + INSERT_CHUNK));
  return out;
}

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
  return result;
}

/**
 * A domain group with its whole domain whitelisted, its departments (Other included), employees
 * with profiles, mixed preferences and participation states, and six months of completed pairings.
 */
export async function seedSampleCompany(
  db: Db,
  { now, count = 100, domain = DEMO_DOMAIN, seed = 42 }: SeedOptions,
) {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  return db.transaction(async (tx) => {
    const groupName = domain.split(".")[0];
    const [group] = await tx
      .insert(domainGroups)
      .values({
        name: groupName,
        displayName: `${groupName[0].toUpperCase()}${groupName.slice(1)} Corp`,
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
        departmentList.map(([name, displayName]) => ({
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
    const rows = Array.from({ length: count }, (_, i) => {
      const n = existing + i;
      const firstName = firstNames[n % firstNames.length];
      const lastName = lastNames[Math.floor(n / firstNames.length) % lastNames.length];
      const roll = random();
      const participationStatus: ParticipationStatus =
        roll < 0.85 ? "active" : roll < 0.93 ? "paused" : "opted_out";
      const prefRoll = random();
      const matchingPreference: MatchingPreference =
        prefRoll < 0.6 ? "any" : prefRoll < 0.85 ? "cross-department" : "same-department";
      const paused = participationStatus === "paused";
      const onLeave = random() < 0.04;
      return {
        email: `${firstName}.${lastName}${n >= 200 ? n : ""}@${domain}`.toLowerCase(),
        firstName,
        lastName,
        department: pick(departmentList.slice(0, -1))[0],
        matchingPreference,
        bio: pick(bios) || null,
        participationStatus,
        pauseStartDate: paused ? format(now, "yyyy-MM-dd") : null,
        pauseEndDate: paused ? format(addMonths(now, 1), "yyyy-MM-dd") : null,
        pauseReason: paused ? "temporary" : null,
        employeeStatus: onLeave ? ("on_leave" as const) : ("active" as const),
        leaveStartDate: onLeave ? format(addDays(now, -10), "yyyy-MM-dd") : null,
        leaveEndDate: onLeave ? format(addDays(now, 50), "yyyy-MM-dd") : null,
        leaveReason: onLeave ? "Parental leave" : null,
        isEmailVerified: true,
        isValidated: true,
        validatedAt: now,
        needsProfileSetup: false,
        authMethod: "magic_link" as const,
      };
    });
    const created: Array<{ id: string }> = [];
    for (const chunk of chunks(rows)) {
      created.push(
        ...(await tx.insert(users).values(chunk).onConflictDoNothing().returning({ id: users.id })),
      );
    }

    for (let monthsAgo = 6; monthsAgo >= 1; monthsAgo--) {
      const monthStart = startOfMonth(addMonths(now, -monthsAgo));
      const month = format(monthStart, "yyyy-MM");
      const people = created.map((u) => u.id).sort(() => random() - 0.5);
      const pairCount = Math.floor(people.length / 2);
      const [pairing] = await tx
        .insert(pairings)
        .values({
          name: `${format(monthStart, "MMMM yyyy")} — ${group.displayName}`,
          month,
          scopeKey: String(group.id),
          domainGroupId: group.id,
          domainGroupName: group.name,
          status: "completed",
          totalPairs: pairCount,
          createdAt: monthStart,
          completedAt: addDays(monthStart, 27),
        })
        .returning({ id: pairings.id });
      const statusFor = (): ConnectionStatus => {
        const r = random();
        return r < 0.6 ? "confirmed" : r < 0.8 ? "not_confirmed" : "pending";
      };
      const matchRows = Array.from({ length: pairCount }, (_, i) => {
        const s1 = statusFor();
        const s2 = statusFor();
        return {
          pairingId: pairing.id,
          month,
          user1Id: people[2 * i],
          user2Id: people[2 * i + 1],
          matchDate: monthStart,
          status: random() < 0.75 ? ("completed" as const) : ("active" as const),
          completedAt: addDays(monthStart, 20),
          user1ConnectionStatus: s1,
          user2ConnectionStatus: s2,
          user1ConfirmedAt: s1 === "pending" ? null : addDays(monthStart, 15),
          user2ConfirmedAt: s2 === "pending" ? null : addDays(monthStart, 16),
        };
      });
      for (const chunk of chunks(matchRows)) await tx.insert(matches).values(chunk);
    }
    return { users: created.length, domain, domainGroupId: group.id };
  });
}
