import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { scopeName } from "../../shared/pairing-file-names";
import {
  defaultRoundSettings,
  type PairingSchedule,
  pairingScheduleSchema,
  type RoundSettings,
} from "../../shared/rounds";
import type { AppContext } from "../context";
import { readPairingSchedule } from "../dates/month-dates";
import type { Db, Tx } from "../db/client";
import { domainGroups, roundSettings, roundSteps, settings } from "../db/schema";
import { NotFound } from "../errors";
import { getTimeZone, TIME_ZONE_KEY } from "../settings/time-zone";
import type { DateRule } from "./round-dates";

// The company's zone is a setting of its own, read by modules below the rounds too.
export { getTimeZone, TIME_ZONE_KEY } from "../settings/time-zone";

/** A scope that has rounds: the company-wide one and every active domain group. */
export interface RoundScope {
  key: string;
  label: string;
  domainGroupId: number | null;
}

export async function listRoundScopes(db: Db | Tx): Promise<RoundScope[]> {
  const groups = await db
    .select({ id: domainGroups.id, name: domainGroups.displayName })
    .from(domainGroups)
    .where(eq(domainGroups.isActive, true))
    .orderBy(asc(domainGroups.displayName));
  return [
    { key: "all", label: scopeName(null, { groups: groups.length > 0 }), domainGroupId: null },
    ...groups.map((g) => ({ key: String(g.id), label: g.name, domainGroupId: g.id })),
  ];
}

export async function findRoundScope(db: Db | Tx, scopeKey: string): Promise<RoundScope> {
  const scope = (await listRoundScopes(db)).find((s) => s.key === scopeKey);
  if (!scope) throw new NotFound("This group no longer exists or is inactive.");
  return scope;
}

export type StoredRoundSettings = RoundSettings & { autoSince: Date | null };

/** Each scope's settings; a scope without a row has the defaults (and no autoSince yet). */
export async function getRoundSettings(
  db: Db | Tx,
  scopeKeys: string[],
): Promise<Map<string, StoredRoundSettings>> {
  const rows =
    scopeKeys.length === 0
      ? []
      : await db.select().from(roundSettings).where(inArray(roundSettings.scopeKey, scopeKeys));
  const found = new Map(rows.map((r) => [r.scopeKey, r]));
  return new Map(
    scopeKeys.map((key): [string, StoredRoundSettings] => {
      const row = found.get(key);
      if (!row) return [key, { ...defaultRoundSettings, autoSince: null }];
      const schedule = pairingScheduleSchema.safeParse(row.schedule);
      return [
        key,
        {
          schedule: schedule.success ? schedule.data : null,
          reviewDays: row.reviewDays,
          checkInDays: row.checkInDays,
          auto: row.auto,
          autoSince: row.autoSince,
        },
      ];
    }),
  );
}

/**
 * Gives every scope its settings row. `auto_since`, when automatic rounds began for the scope, is
 * when the scope appeared: a domain group's creation, but never before the company-wide scope's
 * first look (a group that existed when the app was installed starts with it), so a group made a
 * few days before its review window gets that round even if no process looked in between.
 */
export async function ensureRoundSettings(db: Db, scopeKeys: string[], now: Date) {
  const known = await storedKeys(db, scopeKeys);
  const missing = scopeKeys.filter((key) => !known.has(key));
  if (missing.length > 0) {
    const since = await autoSinceOf(db, missing, now);
    await db
      .insert(roundSettings)
      .values(missing.map((scopeKey) => ({ scopeKey, autoSince: since.get(scopeKey) ?? now })))
      .onConflictDoNothing({ target: roundSettings.scopeKey });
  }
  return getRoundSettings(db, scopeKeys);
}

async function storedKeys(db: Db | Tx, scopeKeys: string[]) {
  if (scopeKeys.length === 0) return new Set<string>();
  const rows = await db
    .select({ scopeKey: roundSettings.scopeKey })
    .from(roundSettings)
    .where(inArray(roundSettings.scopeKey, scopeKeys));
  return new Set(rows.map((r) => r.scopeKey));
}

/** When automatic rounds begin for scopes that have no settings row yet (ensureRoundSettings). */
async function autoSinceOf(
  db: Db | Tx,
  scopeKeys: string[],
  now: Date,
): Promise<Map<string, Date>> {
  const [company] = await db
    .select({ autoSince: roundSettings.autoSince })
    .from(roundSettings)
    .where(eq(roundSettings.scopeKey, "all"));
  const installed = company?.autoSince ?? now;
  const ids = scopeKeys.filter((key) => key !== "all").map(Number);
  const groups =
    ids.length === 0
      ? []
      : await db
          .select({ id: domainGroups.id, createdAt: domainGroups.createdAt })
          .from(domainGroups)
          .where(inArray(domainGroups.id, ids));
  const since = new Map<string, Date>([["all", installed]]);
  for (const group of groups) {
    const created = group.createdAt.getTime();
    const begins = Math.min(now.getTime(), Math.max(created, installed.getTime()));
    since.set(String(group.id), new Date(begins));
  }
  return since;
}

/** What dates a scope's rounds follow: its own schedule, else the company's. */
export function dateRule(
  settingsOf: RoundSettings,
  companySchedule: PairingSchedule,
  timeZone: string,
): DateRule {
  return {
    schedule: settingsOf.schedule ?? companySchedule,
    reviewDays: settingsOf.reviewDays,
    checkInDays: settingsOf.checkInDays,
    timeZone,
  };
}

export async function loadDateContext(ctx: Pick<AppContext, "db">) {
  return { companySchedule: await readPairingSchedule(ctx), timeZone: await getTimeZone(ctx.db) };
}

/**
 * Saves a scope's settings. The steps of rounds not yet begun (no step of the round has run)
 * are dropped, so the next run plans them again with the new dates (or not at all when the round
 * no longer runs by itself); a round under way keeps every step still to come. Turning automatic
 * rounds back on starts from now: a round whose review window had opened is left to the admin.
 */
export async function saveRoundSettings(
  ctx: Pick<AppContext, "db" | "clock">,
  scopeKey: string,
  input: RoundSettings,
): Promise<void> {
  await findRoundScope(ctx.db, scopeKey);
  const now = ctx.clock.now();
  const since = (await autoSinceOf(ctx.db, [scopeKey], now)).get(scopeKey) ?? now;
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(roundSettings)
      .values({ scopeKey, ...input, autoSince: input.auto ? since : now, savedAt: now })
      .onConflictDoUpdate({
        target: roundSettings.scopeKey,
        set: {
          ...input,
          savedAt: now,
          // Turned back on: from now, not the rounds missed while it was off.
          autoSince: sql`case when ${roundSettings.auto} then ${roundSettings.autoSince} else ${now.toISOString()}::timestamptz end`,
          updatedAt: sql`now()`,
        },
      });
    // Turned off: every step still to come stops, of a round under way too.
    await dropPendingSteps(tx, { scopeKey, underWayToo: !input.auto });
  });
}

/** A new zone moves the dates of every round not yet begun: they are planned again. */
export async function saveTimeZone(ctx: Pick<AppContext, "db">, timeZone: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key: TIME_ZONE_KEY, value: timeZone })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: timeZone, updatedAt: sql`now()` },
      });
    await dropPendingSteps(tx, {});
  });
}

type DropScope = { scopeKey?: string; underWayToo?: boolean };

/**
 * The steps of rounds none of whose steps has begun: a round under way keeps its steps, unless
 * the scope's rounds were turned off (`underWayToo`).
 */
function dropPendingSteps(tx: Tx, { scopeKey, underWayToo = false }: DropScope) {
  return tx.delete(roundSteps).where(
    and(
      eq(roundSteps.state, "pending"),
      scopeKey ? eq(roundSteps.scopeKey, scopeKey) : undefined,
      underWayToo
        ? undefined
        : sql`not exists (select 1 from round_steps b
          where b.scope_key = ${roundSteps.scopeKey} and b.month = ${roundSteps.month}
            and b.state <> 'pending')`,
    ),
  );
}
