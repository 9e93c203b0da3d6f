import { and, eq, inArray, or } from "drizzle-orm";
import type { ConnectionStatus } from "../../shared/enums";
import type { MatchItem, MatchPartner } from "../../shared/matches";
import type { AppContext } from "../context";
import { type MatchRow, matches, pairings, users } from "../db/schema";
import { departmentNameSql } from "../directory/departments/department-name";
import { NotFound } from "../errors";

const isMember = (userId: string) =>
  or(eq(matches.user1Id, userId), eq(matches.user2Id, userId), eq(matches.user3Id, userId));

/** One match of the user's; anyone else is told it does not exist rather than that it is not theirs. */
export async function findMemberMatch(
  ctx: AppContext,
  userId: string,
  matchId: number,
): Promise<MatchRow> {
  const [row] = await ctx.db
    .select()
    .from(matches)
    .where(and(eq(matches.id, matchId), isMember(userId)));
  if (!row) throw new NotFound("Match not found");
  return row;
}

export type Side = "user1" | "user2" | "user3";

export function sideOf(match: MatchRow, userId: string): Side {
  if (match.user1Id === userId) return "user1";
  if (match.user2Id === userId) return "user2";
  if (match.user3Id === userId) return "user3";
  throw new NotFound("Match not found");
}

export function connectionStatusOf(match: MatchRow, side: Side): ConnectionStatus {
  const value =
    side === "user1"
      ? match.user1ConnectionStatus
      : side === "user2"
        ? match.user2ConnectionStatus
        : match.user3ConnectionStatus;
  return value ?? "pending";
}

export function memberIds(match: MatchRow): string[] {
  return [match.user1Id, match.user2Id, match.user3Id].filter((id): id is string => Boolean(id));
}

/** Builds the API items for the given matches as `userId` sees them (partners loaded in one query). */
export async function toMatchItems(
  ctx: AppContext,
  userId: string,
  rows: MatchRow[],
): Promise<MatchItem[]> {
  const partnerIds = [...new Set(rows.flatMap((m) => memberIds(m).filter((id) => id !== userId)))];
  const [partners, open] = await Promise.all([
    loadPartners(ctx, partnerIds),
    openPairingIds(ctx, [...new Set(rows.map((m) => m.pairingId))]),
  ]);
  return rows.flatMap((match) => {
    const others = memberIds(match)
      .filter((id) => id !== userId)
      .map((id) => partners.get(id))
      .filter((p): p is MatchPartner => Boolean(p));
    const item = toMatchItem(userId, match, others, open.has(match.pairingId));
    return item ? [item] : [];
  });
}

async function openPairingIds(ctx: AppContext, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await ctx.db
    .select({ id: pairings.id })
    .from(pairings)
    .where(and(inArray(pairings.id, ids), eq(pairings.status, "active")));
  return new Set(rows.map((r) => r.id));
}

/**
 * One match as `userId` sees it, given its other members and whether its pairing still runs;
 * null when none of the other members exists.
 */
export function toMatchItem(
  userId: string,
  match: MatchRow,
  others: MatchPartner[],
  pairingOpen: boolean,
): MatchItem | null {
  if (others.length === 0) return null;
  return {
    match: presentMatch(match),
    partner: others[0],
    partners: others,
    myConnectionStatus: connectionStatusOf(match, sideOf(match, userId)),
    pairingOpen,
  };
}

async function loadPartners(ctx: AppContext, ids: string[]): Promise<Map<string, MatchPartner>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({
      id: users.id,
      profileImageUrl: users.profileImageUrl,
      firstName: users.firstName,
      lastName: users.lastName,
      department: users.department,
      departmentDisplayName: departmentNameSql(users.email, users.department),
      email: users.email,
      bio: users.bio,
    })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function presentMatch(m: MatchRow): MatchItem["match"] {
  return {
    id: m.id,
    pairingId: m.pairingId,
    user1Id: m.user1Id,
    user2Id: m.user2Id,
    user3Id: m.user3Id,
    matchDate: m.matchDate.toISOString(),
    month: m.month,
    status: m.status as MatchItem["match"]["status"],
    completedAt: iso(m.completedAt),
    user1ConnectionStatus: m.user1ConnectionStatus,
    user2ConnectionStatus: m.user2ConnectionStatus,
    user3ConnectionStatus: m.user3ConnectionStatus,
    user1ConfirmedAt: iso(m.user1ConfirmedAt),
    user2ConfirmedAt: iso(m.user2ConfirmedAt),
    user3ConfirmedAt: iso(m.user3ConfirmedAt),
    createdAt: m.createdAt.toISOString(),
  };
}
