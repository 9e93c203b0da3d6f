import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  defaultRoundSettings,
  isTimeZone,
  type PairingSchedule,
  pairingScheduleSchema,
  type RoundSettings,
} from "../../shared/rounds";
import type { AppContext } from "../context";
import type { Db, Tx } from "../db/client";
import { domainGroups, roundSettings, roundStages, settings } from "../db/schema";
import { NotFound } from "../errors";
import { readPairingSchedule } from "../matches/next-pairing";
import { ALL_USERS_LABEL } from "../pairings/members/scope";
import type { DateRule } from "./round-dates";

export const TIME_ZONE_KEY = "company.timeZone";

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
    { key: "all", label: ALL_USERS_LABEL, domainGroupId: null },
    ...groups.map((g) => ({ key: String(g.id), label: g.name, domainGroupId: g.id })),
  ];
}

export async function findRoundScope(db: Db | Tx, scopeKey: string): Promise<RoundScope> {
  const scope = (await listRoundScopes(db)).find((s) => s.key === scopeKey);
  if (!scope) throw new NotFound("This group no longer exists or is inactive.");
  return scope;
}

export async function getTimeZone(db: Db | Tx): Promise<string> {
  const [row] = await db.select().from(settings).where(eq(settings.key, TIME_ZONE_KEY));
  return typeof row?.value === "string" && isTimeZone(row.value) ? row.value : "UTC";
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
 * Gives every scope its settings row, with `auto_since` = now for those that had none: the
 * scheduler's first look is when automatic rounds began for them.
 */
export async function ensureRoundSettings(db: Db, scopeKeys: string[], now: Date) {
  if (scopeKeys.length > 0) {
    await db
      .insert(roundSettings)
      .values(scopeKeys.map((scopeKey) => ({ scopeKey, autoSince: now })))
      .onConflictDoNothing({ target: roundSettings.scopeKey });
  }
  return getRoundSettings(db, scopeKeys);
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
 * Saves a scope's settings. Stages not yet begun are dropped, so the next run plans them again
 * with the new dates (or not at all when the round no longer runs by itself). Turning automatic
 * rounds back on starts from now: a round whose review window had opened is left to the admin.
 */
export async function saveRoundSettings(
  ctx: Pick<AppContext, "db" | "clock">,
  scopeKey: string,
  input: RoundSettings,
): Promise<void> {
  await findRoundScope(ctx.db, scopeKey);
  const now = ctx.clock.now();
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(roundSettings)
      .values({ scopeKey, ...input, autoSince: now })
      .onConflictDoUpdate({
        target: roundSettings.scopeKey,
        set: {
          ...input,
          // Turned back on: from now, not the rounds missed while it was off.
          autoSince: sql`case when ${roundSettings.auto} then ${roundSettings.autoSince} else ${now.toISOString()}::timestamptz end`,
          updatedAt: sql`now()`,
        },
      });
    await dropPendingStages(tx, scopeKey);
  });
}

/** A new zone moves every date not yet reached: pending stages of every scope are planned again. */
export async function saveTimeZone(ctx: Pick<AppContext, "db">, timeZone: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values({ key: TIME_ZONE_KEY, value: timeZone })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: timeZone, updatedAt: sql`now()` },
      });
    await dropPendingStages(tx);
  });
}

function dropPendingStages(tx: Tx, scopeKey?: string) {
  return tx
    .delete(roundStages)
    .where(
      and(
        eq(roundStages.state, "pending"),
        scopeKey ? eq(roundStages.scopeKey, scopeKey) : undefined,
      ),
    );
}
