import { and, eq, inArray } from "drizzle-orm";
import { connectionStatusOf } from "../../shared/check-in-answers";
import type { MatchItem, MatchPartner } from "../../shared/matches";
import type { AppContext } from "../context";
import { matches, pairings, users } from "../db/schema";
import { departmentNameSql } from "../directory/departments/department-name";
import { NotFound } from "../errors";
import {
  answerOf,
  isMemberSql,
  type MatchWithMembers,
  memberIds,
  withMembers,
} from "../match-members/match-members";
import { peopleById, personColumns } from "../people-rows/read-people";

/** One match of the user's; anyone else is told it does not exist rather than that it is not theirs. */
export async function findMemberMatch(
  ctx: AppContext,
  userId: string,
  matchId: number,
): Promise<MatchWithMembers> {
  const [row] = await ctx.db
    .select()
    .from(matches)
    .where(and(eq(matches.id, matchId), isMemberSql(matches.id, userId)));
  if (!row) throw new NotFound("Match not found");
  const [match] = await withMembers(ctx.db, [row]);
  return match;
}

/** Builds the API items for the given matches as `userId` sees them (partners loaded in one query). */
export async function toMatchItems(
  ctx: AppContext,
  userId: string,
  rows: MatchWithMembers[],
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
  match: MatchWithMembers,
  others: MatchPartner[],
  pairingOpen: boolean,
): MatchItem | null {
  if (others.length === 0) return null;
  return {
    match: presentMatch(match),
    partner: others[0],
    partners: others,
    myConnectionStatus: connectionStatusOf(answerOf(match, userId)),
    pairingOpen,
  };
}

async function loadPartners(ctx: AppContext, ids: string[]): Promise<Map<string, MatchPartner>> {
  return peopleById(ctx.db, ids, {
    ...personColumns,
    profileImageUrl: users.profileImageUrl,
    department: users.department,
    departmentDisplayName: departmentNameSql(users.email, users.department),
    bio: users.bio,
  });
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The API's match fields: every member in `members`, the first three again as `user1…user3`. The
 * spec's connection status and `confirmedAt` are the member's answer and its time, named for the
 * API (docs/check-ins.md, "Answers").
 */
export function presentMatch(m: MatchWithMembers): MatchItem["match"] {
  const members = m.members.map((member) => ({
    userId: member.userId,
    connectionStatus: connectionStatusOf(member.answer),
    confirmedAt: iso(member.answeredAt),
  }));
  const [first, second, third] = members;
  return {
    id: m.id,
    pairingId: m.pairingId,
    user1Id: first?.userId ?? "",
    user2Id: second?.userId ?? "",
    user3Id: third?.userId ?? null,
    matchDate: m.matchDate.toISOString(),
    month: m.month,
    status: m.status as MatchItem["match"]["status"],
    completedAt: iso(m.completedAt),
    user1ConnectionStatus: first?.connectionStatus ?? "pending",
    user2ConnectionStatus: second?.connectionStatus ?? "pending",
    user3ConnectionStatus: third?.connectionStatus ?? null,
    user1ConfirmedAt: first?.confirmedAt ?? null,
    user2ConfirmedAt: second?.confirmedAt ?? null,
    user3ConfirmedAt: third?.confirmedAt ?? null,
    members,
    createdAt: m.createdAt.toISOString(),
  };
}
