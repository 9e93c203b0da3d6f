import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import { connectionFigures } from "../../db/schema";
import type { AggregateRow, ConnectionScope } from "./connection-aggregates";

/*
 * The Connections figures as last counted, one row per period and domain group, shared by every
 * app process (docs/performance.md, "Connections"; decision 0049). A row holds the aggregates
 * (before the privacy threshold, which each read applies) and the version they were counted at:
 * the sum of every person's view version and the department names' version (decision 0025's
 * triggers bump them on every change of a match, an answer, a member's department or a name).
 * A row whose version is not the current one is stale; the connection-figures job recounts it.
 */

export interface StoredFigures {
  aggregates: AggregateRow[];
  version: string;
  countedAt: Date;
  recountAskedAt: Date | null;
}

/** The figures' version now: read it in the snapshot the figures are counted or compared in. */
export async function figuresVersion(tx: Tx): Promise<string> {
  const result = await tx.execute(sql`
    select (select coalesce(sum(version), 0)::text from member_view_versions) || ' ' ||
      (select coalesce(max(version), 0)::text from view_version) as version`);
  return (result as unknown as { rows: Array<{ version: string }> }).rows[0].version;
}

const keyOf = (scope: ConnectionScope) =>
  and(
    eq(connectionFigures.fromMonth, scope.from),
    eq(connectionFigures.toMonth, scope.to),
    eq(connectionFigures.domainGroupId, scope.domainGroupId ?? 0),
  );

export async function readStoredFigures(
  tx: Tx,
  scope: ConnectionScope,
): Promise<StoredFigures | null> {
  const [row] = await tx
    .select({
      aggregates: connectionFigures.aggregates,
      version: connectionFigures.version,
      countedAt: connectionFigures.countedAt,
      recountAskedAt: connectionFigures.recountAskedAt,
    })
    .from(connectionFigures)
    .where(keyOf(scope));
  if (!row?.aggregates || row.version === null || row.countedAt === null) return null;
  return {
    ...row,
    aggregates: row.aggregates as AggregateRow[],
    version: row.version,
    countedAt: row.countedAt,
  };
}

/** The views the page opens with (`period`, every pairing and each domain group) are kept counted. */
export async function keepDefaultViews(
  db: Db,
  periods: { from: string; to: string }[],
): Promise<void> {
  for (const period of periods) {
    await db.execute(sql`
      insert into connection_figures (from_month, to_month, domain_group_id)
      select ${period.from}, ${period.to}, g.id
      from (select 0 as id union all select id from domain_groups) g
      on conflict do nothing`);
  }
}

/**
 * Keeps figures counted at `version`. A row counted at a later snapshot meanwhile (another
 * process's request or the job) is not overwritten by an older count.
 */
export async function saveCountedFigures(
  db: Db,
  scope: ConnectionScope,
  counted: { aggregates: AggregateRow[]; version: string; countedAt: Date },
): Promise<void> {
  const values = {
    fromMonth: scope.from,
    toMonth: scope.to,
    domainGroupId: scope.domainGroupId ?? 0,
    ...counted,
  };
  await db
    .insert(connectionFigures)
    .values(values)
    .onConflictDoUpdate({
      target: [
        connectionFigures.fromMonth,
        connectionFigures.toMonth,
        connectionFigures.domainGroupId,
      ],
      set: {
        aggregates: counted.aggregates,
        version: counted.version,
        countedAt: counted.countedAt,
      },
      setWhere: sql`${connectionFigures.countedAt} is null
        or ${connectionFigures.countedAt} < ${counted.countedAt.toISOString()}::timestamptz`,
    });
}

/**
 * The most periods kept besides the page's default views (decision 0063): each period asked for
 * is counted and stored, so without a bound an admin's script could grow the table without end.
 */
export const KEPT_OTHER_PERIODS = 24;

/**
 * Keeps `connection_figures` bounded after a new key was stored: the default views of
 * `defaults`, and of the other keys the `KEPT_OTHER_PERIODS` counted most recently (`stored`,
 * the key just stored, first); the rest,
 * and keys of a domain group that no longer exists, are dropped (a key under a live lease is left
 * to its recount). A dropped key read again is counted again, as a first read is.
 */
export async function dropOldFigures(
  db: Db,
  stored: ConnectionScope,
  defaults: { from: string; to: string }[],
  now: Date,
): Promise<void> {
  const justStored = sql`(from_month, to_month, domain_group_id)
    = (${stored.from}, ${stored.to}, ${stored.domainGroupId ?? 0})`;
  const defaultKeys = sql.join(
    defaults.map((period) => sql`(${period.from}, ${period.to})`),
    sql`, `,
  );
  await db.execute(sql`
    with others as (
      select from_month, to_month, domain_group_id,
        row_number() over (order by ${justStored} desc, counted_at desc nulls last,
          from_month desc, to_month desc, domain_group_id) as place
      from connection_figures
      where (from_month, to_month) not in (${defaultKeys})
    )
    delete from connection_figures f
    using others o
    where (f.from_month, f.to_month, f.domain_group_id)
        = (o.from_month, o.to_month, o.domain_group_id)
      and (o.place > ${KEPT_OTHER_PERIODS}
        or (f.domain_group_id <> 0
          and not exists (select 1 from domain_groups g where g.id = f.domain_group_id)))
      and (f.lease_expires_at is null or f.lease_expires_at <= ${now.toISOString()}::timestamptz)`);
}

/** A read found the figures stale: the job recounts them even when they are not a default view. */
export async function askRecount(db: Db, scope: ConnectionScope, now: Date): Promise<void> {
  await db
    .update(connectionFigures)
    .set({ recountAskedAt: now })
    .where(and(keyOf(scope), sql`${connectionFigures.recountAskedAt} is null`));
}

/** One key the connection-figures job holds under its lease. */
export interface FiguresClaim {
  scope: ConnectionScope;
  claimedAt: Date;
}

/**
 * Claims the next stale key to recount, or null: at most one recount runs at a time across
 * processes (a key under a live lease means none is taken; the claims take one advisory lock in
 * turn, so two processes never claim side by side). Stale keys of the `defaults` period (the
 * period the page opens with) are recounted always, other keys once a read asked; none is
 * recounted again sooner than `gapMs` after its last count, so a busy month of answers costs one
 * recount per key and gap. Leases run on ctx.clock's time (`now`).
 */
export async function claimStaleFigures(
  db: Db,
  claim: { owner: string; leaseMs: number; now: Date; gapMs: number },
  defaults: { from: string; to: string }[],
): Promise<FiguresClaim | null> {
  const defaultKeys = sql.join(
    defaults.map((period) => sql`(${period.from}, ${period.to})`),
    sql`, `,
  );
  const now = claim.now.toISOString();
  const leaseUntil = new Date(claim.now.getTime() + claim.leaseMs).toISOString();
  const countedBefore = new Date(claim.now.getTime() - claim.gapMs).toISOString();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727103, 0)`);
    const version = await figuresVersion(tx);
    const claimed = await tx.execute(sql`
      with picked as (
        select from_month, to_month, domain_group_id from connection_figures
        where (version is null or version <> ${version})
          and (recount_asked_at is not null
            or (from_month, to_month) in (${defaultKeys}))
          and (counted_at is null or counted_at <= ${countedBefore}::timestamptz)
          and not exists (select 1 from connection_figures busy
            where busy.lease_expires_at > ${now}::timestamptz)
        order by recount_asked_at nulls last, counted_at nulls first
        limit 1
      )
      update connection_figures f
      set claimed_by = ${claim.owner}, lease_expires_at = ${leaseUntil}::timestamptz
      from picked
      where (f.from_month, f.to_month, f.domain_group_id)
        = (picked.from_month, picked.to_month, picked.domain_group_id)
      returning f.from_month, f.to_month, f.domain_group_id`);
    const [row] = (
      claimed as unknown as {
        rows: Array<{ from_month: string; to_month: string; domain_group_id: number }>;
      }
    ).rows;
    if (!row) return null;
    const domainGroupId = row.domain_group_id === 0 ? null : row.domain_group_id;
    return {
      scope: { from: row.from_month, to: row.to_month, domainGroupId },
      claimedAt: claim.now,
    };
  });
}

/** Settles a recount: the new figures, the ask answered (unless a read asked again meanwhile). */
export async function settleRecount(
  db: Db,
  claim: FiguresClaim,
  owner: string,
  counted: { aggregates: AggregateRow[]; version: string; countedAt: Date },
): Promise<void> {
  await db
    .update(connectionFigures)
    .set({
      ...counted,
      claimedBy: null,
      leaseExpiresAt: null,
      recountAskedAt: sql`case when ${connectionFigures.recountAskedAt} <= ${claim.claimedAt.toISOString()}::timestamptz then null else ${connectionFigures.recountAskedAt} end`,
    })
    .where(and(keyOf(claim.scope), eq(connectionFigures.claimedBy, owner)));
}

export async function renewFiguresLease(
  db: Db,
  claim: FiguresClaim,
  owner: string,
  leaseUntil: Date,
): Promise<void> {
  await db
    .update(connectionFigures)
    .set({ leaseExpiresAt: leaseUntil })
    .where(and(keyOf(claim.scope), eq(connectionFigures.claimedBy, owner)));
}

export async function releaseFiguresClaim(
  db: Db,
  claim: FiguresClaim,
  owner: string,
): Promise<void> {
  await db
    .update(connectionFigures)
    .set({ claimedBy: null, leaseExpiresAt: null })
    .where(and(keyOf(claim.scope), eq(connectionFigures.claimedBy, owner)));
}
