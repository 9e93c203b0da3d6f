import type { ExclusionReason } from "../../../shared/exclusions";
import type { PairingSummary, PreviewMatch, PreviewUser } from "../../../shared/pairings";
import type { MatchRow, PairingRow } from "../../db/schema";
import { aloneMember } from "./member-availability";
import { type MemberInfo, memberOf } from "./pairing-members";

export function presentPairing(row: PairingRow): PairingSummary {
  const stats = (row.stats ?? {}) as { qualityScore?: unknown };
  return {
    id: row.id,
    name: row.name,
    month: row.month,
    domainGroupId: row.domainGroupId,
    domainGroupName: row.domainGroupName,
    groupNumber: row.groupNumber,
    status: row.status,
    totalPairs: row.totalPairs,
    oddPolicy: row.oddPolicy,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    qualityScore: typeof stats.qualityScore === "number" ? stats.qualityScore : null,
  };
}

/**
 * One match of a running pairing, each member with their id and, when they can no longer meet,
 * why; `aloneUserId` names the member left without a partner (the one the admin can re-pair).
 */
export function presentPreviewMatch(
  match: MatchRow,
  members: Map<string, MemberInfo>,
  away: Map<string, ExclusionReason>,
): PreviewMatch {
  const member = (id: string): PreviewUser => {
    const reason = away.get(id);
    return { ...memberOf(members, id), id, ...(reason ? { away: reason } : {}) };
  };
  const alone = aloneMember(match, away);
  return {
    id: match.id,
    user1: member(match.user1Id),
    user2: member(match.user2Id),
    ...(match.user3Id
      ? {
          user3: member(match.user3Id),
          user3ConnectionStatus: match.user3ConnectionStatus ?? "pending",
        }
      : {}),
    status: match.status,
    user1ConnectionStatus: match.user1ConnectionStatus,
    user2ConnectionStatus: match.user2ConnectionStatus,
    ...(alone ? { aloneUserId: alone } : {}),
  };
}
