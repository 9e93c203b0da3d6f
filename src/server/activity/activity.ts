import { and, desc, eq, inArray, lt, type SQL } from "drizzle-orm";
import type { ActivityItem, ActivityPage } from "../../shared/rounds";
import type { AppContext } from "../context";
import type { Db, Tx } from "../db/client";
import { type ActivityRow, activities, users } from "../db/schema";
import { isUuid } from "../db/uuid";
import { namedPerson, type PeopleLine } from "./people-line";

/** One automatic action for the admin's activity list (docs/rounds.md#activity). */
export interface ActivityEntry {
  /** A dotted name, feature first: `round.drafted`, `round.published`, `check-in.sent`, … */
  kind: string;
  /**
   * One sentence an admin reads as it is ("Published the March 2027 round for All Users: 12
   * pairs."); a sentence naming people is written with `peopleLine` so an erasure can re-render it.
   */
  detail: string | PeopleLine;
  /** The person it concerned, if one. */
  userId?: string | null;
  /** `all` or a domain group id, as pairings.scope_key. */
  scopeKey?: string | null;
  /** YYYY-MM of the round it belongs to. */
  month?: string | null;
  pairingId?: number | null;
  /** Anything a later reader may want (counts, ids); never a secret or a token. */
  data?: Record<string, unknown>;
}

/**
 * Records what an automatic step did, stamped with ctx.clock's now. Pass the transaction as `db`
 * when the action itself is written in one, so the entry exists exactly when the action does.
 */
export async function recordActivity(
  ctx: Pick<AppContext, "db" | "clock">,
  entry: ActivityEntry,
  db: Db | Tx = ctx.db,
): Promise<void> {
  const line = typeof entry.detail === "string" ? null : entry.detail;
  const data = line ? { ...entry.data, line: line.line } : entry.data;
  await db.insert(activities).values({
    at: ctx.clock.now(),
    kind: entry.kind,
    detail: line ? line.detail : (entry.detail as string),
    userId: entry.userId ?? null,
    scopeKey: entry.scopeKey ?? null,
    month: entry.month ?? null,
    pairingId: entry.pairingId ?? null,
    data: data ?? null,
  });
}

/**
 * Records actions that happened earlier, each at its own time, oldest first (the sample company's
 * history, src/server/demo): plain sentences only, naming nobody.
 */
export async function recordPastActivity(
  db: Db | Tx,
  entries: ReadonlyArray<Omit<ActivityEntry, "detail"> & { detail: string; at: Date }>,
): Promise<void> {
  if (entries.length === 0) return;
  await db.insert(activities).values(
    entries.map((entry) => ({
      at: entry.at,
      kind: entry.kind,
      detail: entry.detail,
      userId: entry.userId ?? null,
      scopeKey: entry.scopeKey ?? null,
      month: entry.month ?? null,
      pairingId: entry.pairingId ?? null,
      data: entry.data ?? null,
    })),
  );
}

/** The newest entries first, `limit` at a time; `before` (an id) pages back. */
export async function listActivity(
  db: Db,
  options: { limit: number; before?: number; scopeKey?: string; userId?: string },
): Promise<ActivityRow[]> {
  const conditions: (SQL | undefined)[] = [
    options.before ? lt(activities.id, options.before) : undefined,
    options.scopeKey ? eq(activities.scopeKey, options.scopeKey) : undefined,
    options.userId ? eq(activities.userId, options.userId) : undefined,
  ];
  return db
    .select()
    .from(activities)
    .where(and(...conditions))
    .orderBy(desc(activities.id))
    .limit(options.limit);
}

/** GET /api/admin/activity: a page of the list, each entry with the name of the person it concerned. */
export async function activityPage(
  ctx: Pick<AppContext, "db">,
  query: { before?: number; limit: number },
): Promise<ActivityPage> {
  const rows = await ctx.db
    .select({
      entry: activities,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(activities)
    .leftJoin(users, eq(users.id, activities.userId))
    .where(query.before ? lt(activities.id, query.before) : undefined)
    .orderBy(desc(activities.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const actors = await actorNames(
    ctx.db,
    page.map((r) => byOf(r.entry.data)),
  );
  const items: ActivityItem[] = page.map((r) => ({
    id: r.entry.id,
    at: r.entry.at.toISOString(),
    kind: r.entry.kind,
    detail: r.entry.detail,
    userId: r.entry.userId,
    // Named as the lines name people (`namedPerson`), so one person reads the same in both.
    userName: r.email ? namedPerson({ ...r, email: r.email, id: r.entry.userId ?? "" }).name : null,
    byName: actors.get(byOf(r.entry.data) ?? "") ?? null,
    scopeKey: r.entry.scopeKey,
    month: r.entry.month,
  }));
  const more = rows.length > query.limit;
  return { items, nextBefore: more ? (items.at(-1)?.id ?? null) : null };
}

/** The person or admin a line says did it (`data.by`); none for what the programme did itself. */
function byOf(data: unknown): string | null {
  const by = (data as { by?: unknown } | null)?.by;
  return typeof by === "string" && isUuid(by) ? by : null;
}

/** Each actor's name as the lines name people (`namedPerson`), in one read for the page. */
async function actorNames(db: Db, ids: (string | null)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((row) => [row.id, namedPerson(row).name]));
}
