import { connectionStatusOf } from "../../../shared/check-in-answers";
import type { ExclusionReason } from "../../../shared/exclusions";
import type { PairingSummary, PreviewMatch, PreviewMember } from "../../../shared/pairings";
import type { PairingRow } from "../../db/schema";
import type { MatchWithMembers } from "../../match-members/match-members";
import { aloneMember, awayFromMatch } from "./member-availability";
import { type MemberInfo, memberOf } from "./pairing-members";

export function presentPairing(row: PairingRow): PairingSummary {
  const stats = (row.stats ?? {}) as { qualityScore?: unknown };
  return {
    id: row.id,
    name: row.name,
    month: row.month,
    domainGroupId: row.domainGroupId,
    domainGroupName: row.domainGroupName,
    groupNumber: row.runOfMonth,
    status: row.status,
    totalPairs: row.totalPairs,
    oddPolicy: row.oddPolicy,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    qualityScore: typeof stats.qualityScore === "number" ? stats.qualityScore : null,
  };
}

/**
 * One match of a running pairing, each member with their id, their time zone when `zones` has it
 * and, when they can no longer meet in it (`awayFromMatch`), why; `aloneUserId` names the member
 * left without a partner (the one the admin can re-pair).
 */
export function presentPreviewMatch(
  match: MatchWithMembers,
  members: Map<string, MemberInfo>,
  away: Map<string, ExclusionReason>,
  zones: ReadonlyMap<string, string> = new Map(),
): PreviewMatch {
  const gone = awayFromMatch(match, away);
  const list = match.members.map(({ userId, answer }): PreviewMember => {
    const reason = gone.get(userId);
    const timeZone = zones.get(userId);
    return {
      ...memberOf(members, userId),
      id: userId,
      connectionStatus: connectionStatusOf(answer),
      ...(reason ? { away: reason } : {}),
      ...(timeZone ? { timeZone } : {}),
    };
  });
  const alone = aloneMember(match, away);
  const user = ({ connectionStatus: _answer, ...person }: PreviewMember) => person;
  const [first, second, third] = list;
  return {
    id: match.id,
    members: list,
    user1: user(first),
    user2: user(second),
    ...(third ? { user3: user(third), user3ConnectionStatus: third.connectionStatus } : {}),
    status: match.status,
    user1ConnectionStatus: first.connectionStatus,
    user2ConnectionStatus: second.connectionStatus,
    ...(alone ? { aloneUserId: alone } : {}),
  };
}
