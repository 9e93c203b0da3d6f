import { z } from "zod";
import type { ConnectionStatus, MatchStatus, OddPolicy, PairingStatus } from "./enums";
import { type ExclusionCounts, type ExclusionReason, exclusionReasons } from "./exclusions";
import { idSchema } from "./ids";
import { monthName } from "./months";

/** API contract for the admin's pairing operations. */

export const domainGroupParamsSchema = z.object({ domainGroupId: idSchema });

export const pairingValidationQuerySchema = z.object({
  domainGroupId: z.preprocess(
    (value) => (value === "" || value === "all" || value === "null" ? undefined : value),
    idSchema.optional(),
  ),
});

/** GET /api/admin/pairing-validation/excluded: the people left out for one reason. */
export const excludedQuerySchema = pairingValidationQuerySchema.extend({
  reason: z.enum(exclusionReasons, { error: "Please choose one of the exclusion reasons." }),
});

export const pairingIdParamsSchema = z.object({ pairingId: idSchema });

const USER_ID_MESSAGE = "Choose the person to re-pair from the current pairings.";

/** POST /api/admin/pairings/{pairingId}/re-pair: the person left without a partner. */
export const rePairBodySchema = z
  .object({ userId: z.uuid({ error: USER_ID_MESSAGE }) }, { error: USER_ID_MESSAGE })
  .strict();
export type RePairBody = z.infer<typeof rePairBodySchema>;

export interface RePairResponse {
  message: string;
  /** A new pair, or the person joining an existing pair as its third member. */
  kind: "pair" | "trio";
  /** The names of the person's new partner(s). */
  partners: string[];
  /** How many of the affected people were told by e-mail. */
  notified: number;
}

/**
 * POST /api/admin/generate-pairing[/{domainGroupId}]: no body for a month's first round. A second
 * round in a month whose round is completed gives everyone a second partner, so it must be asked
 * for with `secondRound: true`.
 */
export const generatePairingBodySchema = z
  .object({ secondRound: z.boolean({ error: "secondRound must be true or false." }).optional() })
  .strict()
  .nullish();
export type GeneratePairingBody = z.infer<typeof generatePairingBodySchema>;

/** Completed-pairing record names as the server makes them; anything else is simply not found. */
export const pairingFileNamePattern =
  /^pairing-\d{4}-\d{2}-group\d{1,4}-[a-z0-9-]{1,80}-\d{1,6}\.json$/;

export const fileNameParamsSchema = z.object({
  fileName: z.string().max(200, { message: "Pairing file not found" }),
});

export interface StatusCounts {
  total: number;
  truly_active: number;
  opted_out: number;
  paused: number;
  inactive: number;
}

export interface Eligibility {
  hasMinimumUsers: boolean;
  minimumRequired: number;
  hasEvenNumbers: boolean;
}

export interface PairingValidationResponse {
  statusCounts: StatusCounts;
  eligibility: Eligibility;
  /** Everyone not ready to pair, by reason (see src/shared/exclusions.ts). */
  excluded: ExclusionCounts;
  /** What an odd count means: one trio, or one person sitting out. */
  oddPolicy: OddPolicy;
}

export interface GeneratePairingResponse {
  totalMatches: number;
  pairingId: number;
  name: string;
  month: string;
  unmatched: number;
  /** 1 for the month's first round, 2 for a confirmed second round, … */
  round: number;
  message: string;
}

export interface PairingSummary {
  id: number;
  name: string;
  month: string;
  domainGroupId: number | null;
  domainGroupName: string | null;
  groupNumber: number;
  status: PairingStatus;
  totalPairs: number;
  oddPolicy: OddPolicy;
  createdAt: string;
  completedAt: string | null;
  qualityScore: number | null;
}

export interface PreviewUser {
  firstName: string | null;
  lastName: string | null;
  email: string;
  /** The department's display name (current pairings only). */
  department?: string | null;
  /** Current pairings only. */
  id?: string;
  /** Current pairings only: why this member can no longer meet (left, paused, opted out, …). */
  away?: ExclusionReason;
}

export interface PreviewMatch {
  id: number;
  user1: PreviewUser;
  user2: PreviewUser;
  user3?: PreviewUser;
  status: MatchStatus;
  user1ConnectionStatus: ConnectionStatus;
  user2ConnectionStatus: ConnectionStatus;
  user3ConnectionStatus?: ConnectionStatus;
  /**
   * Current pairings only: the one member still ready to meet when every other member is away,
   * i.e. the person the admin can re-pair.
   */
  aloneUserId?: string;
}

export interface CurrentPairingsResponse {
  pairings: PairingSummary[];
  matchesByPairing: Record<string, PreviewMatch[]>;
}

export interface CompletePairingResponse {
  message: string;
  completed: Array<{ pairingId: number; fileName: string; matchCount: number }>;
}

export interface CompletedPairingFile {
  fileName: string;
  displayName: string;
  monthDisplay: string;
  groupDisplay: string;
  matchCount: number;
  createdAt: string;
}

/** The stored record's JSON (also what GET /completed_pairings/{fileName} downloads). */
export interface CompletedPairingContent {
  name: string;
  month: string;
  domainGroup: string | null;
  matches: Array<{
    user1_name: string;
    user1_email: string;
    user2_name: string;
    user2_email: string;
    user3_name?: string;
    user3_email?: string;
    status: string;
    /** Whether the chat happened (chat-happened.ts) when the pairing was completed; absent in older records. */
    chat_happened?: boolean;
  }>;
  /** How many of the matches happened; absent in older records. */
  chats_happened?: number;
}

export type PairingGroupsResponse = Record<
  string,
  Array<{ fileName: string; groupName: string; totalPairs: number }>
>;

export interface ValidationIssue {
  pairingId: number;
  pairingName: string;
  kind: "repeat-pair" | "double-booked" | "ineligible-member";
  message: string;
}

export interface PairingReportResponse {
  recentPairings: PairingSummary[];
  validationIssues: ValidationIssue[];
  averageQualityScore: number | null;
}

/** "2027-03" → "March 2027". */
export function monthDisplay(month: string): string {
  const [year, m] = month.split("-").map(Number);
  const name = monthName(m);
  return name ? `${name} ${year}` : month;
}

/** Group number 1 → "A", 2 → "B", …, 27 → "AA". */
export function groupLetter(groupNumber: number): string {
  let n = Math.max(1, Math.floor(groupNumber));
  let out = "";
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}
