import { answerList, chatHappened } from "@shared/chat-happened";
import type { ConnectionStatus, MatchStatus } from "@shared/enums";
import { displayNames, readablePairingName } from "@shared/pairing-file-names";
import type { PairingSummary } from "@shared/pairings";
import { type SampleRound, sampleFileName } from "@shared/sample-company";
import { SAMPLE_GROUP, SAMPLE_GROUP_ID, sampleRoundList } from "./sample-people";

/**
 * The sample company's rounds as the server stores them once seeded: one pairing per round
 * (completed ones with their record), each match with its members' answers, and whether
 * its chat happened by the one definition (src/shared/chat-happened.ts).
 */
export interface SampleMatch {
  id: number;
  round: SampleRound;
  members: number[];
  status: MatchStatus;
  answers: ConnectionStatus[];
  happened: boolean;
}

export interface SamplePairing {
  round: SampleRound;
  summary: PairingSummary;
  matches: SampleMatch[];
  /** Completed rounds only. */
  fileName: string | null;
}

let nextMatchId = 1;
export const samplePairings: SamplePairing[] = sampleRoundList.map((round, r): SamplePairing => {
  const status = round.completedAt ? ("completed" as const) : ("active" as const);
  const matches = round.matches.map(({ members, answers }) => ({
    id: nextMatchId++,
    round,
    members,
    status,
    answers,
    happened: chatHappened({ status, members: answerList(answers) }),
  }));
  const summary: PairingSummary = {
    id: r + 1,
    name: readablePairingName(
      { month: round.month, runOfMonth: 1, domainGroupName: SAMPLE_GROUP.displayName },
      { groups: true },
    ),
    month: round.month,
    domainGroupId: SAMPLE_GROUP_ID,
    domainGroupName: SAMPLE_GROUP.displayName,
    groupNumber: 1,
    status,
    totalPairs: round.matches.length,
    oddPolicy: "trio",
    createdAt: round.publishedAt.toISOString(),
    completedAt: round.completedAt?.toISOString() ?? null,
    qualityScore: null,
  };
  return {
    round,
    summary,
    matches,
    fileName: round.completedAt ? sampleFileName(round.month) : null,
  };
});

export const runningPairing = samplePairings[samplePairings.length - 1];
export const completedPairings = samplePairings.filter((p) => p.fileName !== null);
export const allMatches = samplePairings.flatMap((p) => p.matches);

/** A completed record's names, as the server lists it. */
export const recordNames = (p: SamplePairing) => {
  const record = { month: p.round.month, runOfMonth: 1, domainGroupName: SAMPLE_GROUP.displayName };
  // The sample company has a group, so its name is said (`readablePairingName`).
  return { ...displayNames(record), displayName: readablePairingName(record, { groups: true }) };
};
