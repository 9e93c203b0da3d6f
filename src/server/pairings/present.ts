import type { PairingSummary, PreviewMatch } from "../../shared/pairings";
import type { MatchRow, PairingRow } from "../db/schema";
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

export function presentPreviewMatch(
  match: MatchRow,
  members: Map<string, MemberInfo>,
): PreviewMatch {
  return {
    id: match.id,
    user1: memberOf(members, match.user1Id),
    user2: memberOf(members, match.user2Id),
    ...(match.user3Id
      ? {
          user3: memberOf(members, match.user3Id),
          user3ConnectionStatus: match.user3ConnectionStatus ?? "pending",
        }
      : {}),
    status: match.status,
    user1ConnectionStatus: match.user1ConnectionStatus,
    user2ConnectionStatus: match.user2ConnectionStatus,
  };
}
