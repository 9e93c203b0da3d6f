import { and, asc, count, desc, eq, gt, inArray, type SQL } from "drizzle-orm";
import type { CurrentPairingsQuery } from "../../../shared/current-pairings-query";
import type { CurrentPairingsResponse, PreviewMatch } from "../../../shared/pairings";
import type { AppContext } from "../../context";
import { utcDayOf } from "../../dates/month-dates";
import { type MatchRow, matches, type PairingRow, pairings } from "../../db/schema";
import { withMembers } from "../../match-members/match-members";
import { awayReasonsOf, IN_RUNNING_MATCH } from "../scope/member-availability";
import { loadMembers, memberZones } from "../scope/pairing-members";
import { presentPairing, presentPreviewMatch } from "../scope/present";
import { presentSatOut } from "../scope/sat-out-people";
import {
  decodeMatchCursor,
  encodeMatchCursor,
  type MatchCursor,
  matchFilterSql,
} from "./current-match-filters";
import { peopleToPlace } from "./late-joiners";
import { waitingForPartner } from "./waiting-for-partner";

/**
 * A page of the running pairings' matches for the admin (docs/pairings.md, "Current pairings"):
 * pairings newest first, each one's matches in id order, `limit` at a time after the cursor.
 * Each page walks the (pairing_id, id) index of one pairing after another, so it costs the same
 * at 100 or 100,000 people; the counts are index-only counts; names, departments and who can no
 * longer meet are read for the page's members only (docs/performance.md, "100,000 employees").
 */
export async function getCurrentPairings(
  ctx: AppContext,
  query: CurrentPairingsQuery,
): Promise<CurrentPairingsResponse> {
  const active = await activePairings(ctx);
  const matchesByPairing: Record<string, PreviewMatch[]> = {};
  const matchCounts: Record<string, number> = {};
  const waitingByPairing: CurrentPairingsResponse["waitingByPairing"] = {};
  for (const pairing of active) {
    matchesByPairing[String(pairing.id)] = [];
    matchCounts[String(pairing.id)] = 0;
  }
  const empty = {
    pairings: [],
    satOut: [],
    waitingByPairing,
    matchesByPairing,
    matchCounts,
    total: 0,
    nextCursor: null,
  };
  if (active.length === 0) return empty;
  const ids = active.map((p) => p.id);
  for (const [id, people] of await waitingForPartner(ctx.db, ids, utcDayOf(ctx.clock.now()))) {
    waitingByPairing[String(id)] = people;
  }
  const after = query.cursor ? decodeMatchCursor(query.cursor, ids) : undefined;
  const filter = await matchFilterSql(ctx, query, ids);
  const shownIds = query.pairingId === undefined ? ids : ids.filter((id) => id === query.pairingId);
  const rows = await matchesAfter(ctx, shownIds, filter, after, query.limit + 1);
  const page = rows.slice(0, query.limit);
  for (const row of await countByPairing(ctx, ids, undefined)) {
    matchCounts[String(row.pairingId)] = row.n;
  }
  const total =
    filter || query.pairingId !== undefined
      ? sum(await countByPairing(ctx, shownIds, filter))
      : Object.values(matchCounts).reduce((a, b) => a + b, 0);
  for (const match of await presentMatches(ctx, page)) {
    matchesByPairing[String(match.pairingId)].push(match.preview);
  }
  const last = page.at(-1);
  return {
    pairings: active.map(presentPairing),
    satOut: await satOutOf(ctx, active),
    waitingByPairing,
    matchesByPairing,
    matchCounts,
    total,
    nextCursor:
      rows.length > query.limit && last
        ? encodeMatchCursor({ pairingId: last.pairingId, matchId: last.id })
        : null,
  };
}

/**
 * Everyone who sat out of a running pairing and is still in no running match of its month, then
 * who joined after it was made.
 */
async function satOutOf(ctx: AppContext, active: PairingRow[]) {
  const today = utcDayOf(ctx.clock.now());
  const lists = await Promise.all(
    active.map(async (pairing) =>
      (await presentSatOut(ctx.db, await peopleToPlace(ctx.db, pairing, today))).map((person) => ({
        ...person,
        pairingId: pairing.id,
      })),
    ),
  );
  return lists.flat();
}

/** The active pairings, newest first: the order of the table and of its pages. */
export function activePairings(ctx: AppContext): Promise<PairingRow[]> {
  return ctx.db
    .select()
    .from(pairings)
    .where(eq(pairings.status, "active"))
    .orderBy(desc(pairings.month), desc(pairings.createdAt), desc(pairings.id));
}

/**
 * Up to `n` matches fitting the filter after the cursor: one index walk per pairing, from the
 * cursor's pairing on, until the page is full.
 */
export async function matchesAfter(
  ctx: AppContext,
  pairingIds: number[],
  filter: SQL | undefined,
  after: MatchCursor | undefined,
  n: number,
): Promise<MatchRow[]> {
  const start = after ? pairingIds.indexOf(after.pairingId) : 0;
  // A cursor of a pairing outside the shown ones (another pairing filter) starts from the top.
  const from = Math.max(start, 0);
  const found: MatchRow[] = [];
  for (const pairingId of pairingIds.slice(from)) {
    const afterId = after && start >= 0 && pairingId === after.pairingId ? after.matchId : 0;
    found.push(
      ...(await ctx.db
        .select()
        .from(matches)
        .where(and(eq(matches.pairingId, pairingId), gt(matches.id, afterId), filter))
        .orderBy(asc(matches.id))
        .limit(n - found.length)),
    );
    if (found.length >= n) break;
  }
  return found;
}

/** Matches per pairing (index-only without a filter). */
async function countByPairing(ctx: AppContext, pairingIds: number[], filter: SQL | undefined) {
  if (pairingIds.length === 0) return [];
  return ctx.db
    .select({ pairingId: matches.pairingId, n: count() })
    .from(matches)
    .where(and(inArray(matches.pairingId, pairingIds), filter))
    .groupBy(matches.pairingId);
}

const sum = (rows: { n: number }[]) => rows.reduce((a, row) => a + Number(row.n), 0);

/**
 * The matches with their members' names and departments and, for the table (`forTable`; the CSV
 * shows neither), the reasons members can no longer meet and each member's time zone.
 */
export async function presentMatches(ctx: AppContext, page: MatchRow[], forTable = true) {
  const full = await withMembers(ctx.db, page);
  const people = await loadMembers(ctx.db, full);
  const ids = [...people.keys()];
  const away = forTable
    ? await awayReasonsOf(ctx.db, ids, utcDayOf(ctx.clock.now()), IN_RUNNING_MATCH)
    : new Map();
  const zones = forTable ? await memberZones(ctx.db, ids) : new Map<string, string>();
  return full.map((match) => ({
    pairingId: match.pairingId,
    preview: presentPreviewMatch(match, people, away, zones),
  }));
}
