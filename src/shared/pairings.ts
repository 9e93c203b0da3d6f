import { z } from "zod";
import { connectionStatuses, matchStatuses, oddPolicies, pairingStatuses } from "./enums";
import { exclusionCountsSchema, exclusionReasons } from "./exclusions";
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

export const rePairResponseSchema = z.object({
  message: z.string(),
  /** A new pair, or the person joining an existing pair as its third or trio as its fourth member. */
  kind: z.enum(["pair", "trio", "four"]),
  /** The names of the person's new partner(s). */
  partners: z.array(z.string()),
  /** How many of the affected people were told by e-mail. */
  notified: z.number().int(),
});
export type RePairResponse = z.infer<typeof rePairResponseSchema>;

/**
 * POST /api/admin/generate-pairing[/{domainGroupId}]: no body for a month's first run. A second
 * run in a month whose run is completed gives everyone a second partner, so it must be asked for
 * with `secondRun: true`. "Round" is the monthly cycle (docs/rounds.md), so the field's old name
 * `secondRound` is still accepted, and documented as deprecated.
 */
export const generatePairingBodySchema = z
  .object({
    secondRun: z.boolean({ error: "secondRun must be true or false." }).optional().meta({
      description:
        "true to make the month's next run (a second partner for everyone) once its run is completed.",
    }),
    secondRound: z
      .boolean({ error: "secondRound must be true or false." })
      .optional()
      .meta({ deprecated: true, description: "The old name of secondRun, still accepted." }),
  })
  .strict()
  .nullish();
export type GeneratePairingBody = z.infer<typeof generatePairingBodySchema>;

/** Whether the body asks for the month's next run, by the field's new name or its old one. */
export const wantsSecondRun = (body: GeneratePairingBody): boolean =>
  body?.secondRun ?? body?.secondRound ?? false;

/** Completed-pairing record names as the server makes them; anything else is simply not found. */
export const pairingFileNamePattern =
  /^pairing-\d{4}-\d{2}-group\d{1,4}-[a-z0-9-]{1,80}-\d{1,6}\.json$/;

export const fileNameParamsSchema = z.object({
  fileName: z.string().max(200, { message: "Pairing file not found" }),
});

/** People of one place who sit out for want of shared working time (shared/sat-out.ts). */
export const noSharedHoursSchema = z.object({
  place: z.string(),
  people: z.number().int(),
  minutes: z.number().int(),
});

export const statusCountsSchema = z.object({
  total: z.number().int(),
  truly_active: z.number().int(),
  opted_out: z.number().int(),
  paused: z.number().int(),
  inactive: z.number().int(),
});
export type StatusCounts = z.infer<typeof statusCountsSchema>;

export const eligibilitySchema = z.object({
  hasMinimumUsers: z.boolean(),
  minimumRequired: z.number().int(),
  hasEvenNumbers: z.boolean(),
});
export type Eligibility = z.infer<typeof eligibilitySchema>;

/** GET /api/admin/pairing-validation */
export const pairingValidationResponseSchema = z.object({
  statusCounts: statusCountsSchema,
  eligibility: eligibilitySchema,
  /** Everyone not ready to pair, by reason (see src/shared/exclusions.ts). */
  excluded: exclusionCountsSchema,
  /** What an odd count means: one trio, or one person sitting out. */
  oddPolicy: z.enum(oddPolicies),
  /**
   * What a Generate now would do, from the engine's own search (its dry run): the people ready
   * and in no running match, the matches made, and how many sit out (docs/pairings.md).
   */
  forecast: z.object({
    ready: z.number().int(),
    matches: z.number().int(),
    sitOut: z.number().int(),
    /** Ready people already in a running match of the month: a generation leaves them be. */
    alreadyMatched: z.number().int(),
    /** Pairs of ready people their own rules keep apart (never-with, manager, way to meet). */
    keptApart: z.number().int(),
    /**
     * Who the same search leaves out for want of shared working time, by office or zone, the
     * largest first (shared/sat-out.ts, `noSharedHoursText`).
     */
    noSharedHours: z.array(noSharedHoursSchema),
  }),
});
export type PairingValidationResponse = z.infer<typeof pairingValidationResponseSchema>;

/** POST /api/admin/generate-pairing[/{domainGroupId}] and /api/admin/create-pairings */
/** Someone the engine left out, and the one true reason (docs/pairings.md, "Who sat out and why"). */
export const satOutPersonSchema = z.object({
  userId: z.string(),
  name: z.string(),
  reason: z.string(),
});
export type SatOutPerson = z.infer<typeof satOutPersonSchema>;

export const generatePairingResponseSchema = z.object({
  totalMatches: z.number().int(),
  pairingId: z.number().int(),
  name: z.string(),
  month: z.string(),
  unmatched: z.number().int(),
  /** Everyone who sat out, with the reason. */
  satOut: z.array(satOutPersonSchema),
  /** 1 for the month's first run, 2 for a confirmed second run, … (the run of the month). */
  runOfMonth: z.number().int(),
  message: z.string(),
});
export type GeneratePairingResponse = z.infer<typeof generatePairingResponseSchema>;

export const pairingSummarySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    month: z.string(),
    domainGroupId: z.number().int().nullable(),
    domainGroupName: z.string().nullable(),
    groupNumber: z.number().int(),
    status: z.enum(pairingStatuses),
    totalPairs: z.number().int(),
    oddPolicy: z.enum(oddPolicies),
    createdAt: z.string(),
    completedAt: z.string().nullable(),
    qualityScore: z.number().nullable(),
  })
  .meta({ id: "PairingSummary" });
export type PairingSummary = z.infer<typeof pairingSummarySchema>;

export const previewUserSchema = z.object({
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  /** The department's display name (current pairings only). */
  department: z.string().nullable().optional(),
  /** Current pairings only. */
  id: z.string().optional(),
  /** Current pairings only: why this member can no longer meet (left, paused, opted out, …). */
  away: z.enum(exclusionReasons).optional(),
  /** Current pairings only: the member's IANA time zone (their own, else the company's). */
  timeZone: z.string().optional().meta({ example: "Europe/Berlin" }),
});
export type PreviewUser = z.infer<typeof previewUserSchema>;

/** A member of a match in an admin's list, with their answer. */
export const previewMemberSchema = previewUserSchema.extend({
  connectionStatus: z.enum(connectionStatuses),
});
export type PreviewMember = z.infer<typeof previewMemberSchema>;

/**
 * One match in an admin's list. `members` lists everyone (2 to 4 people) with their answers; the
 * `user1…user3` fields repeat the first three for clients written when a match held at most three.
 */
export const previewMatchSchema = z.object({
  id: z.number().int(),
  members: z.array(previewMemberSchema),
  user1: previewUserSchema,
  user2: previewUserSchema,
  user3: previewUserSchema.optional(),
  status: z.enum(matchStatuses),
  user1ConnectionStatus: z.enum(connectionStatuses),
  user2ConnectionStatus: z.enum(connectionStatuses),
  user3ConnectionStatus: z.enum(connectionStatuses).optional(),
  /**
   * Current pairings only: the one member still ready to meet when every other member is away,
   * i.e. the person the admin can re-pair.
   */
  aloneUserId: z.string().optional(),
});
export type PreviewMatch = z.infer<typeof previewMatchSchema>;

/**
 * Someone of a running pairing who is in no match: their partner left (deactivated, removed from
 * the whitelist, erased, paused or opted out) and nobody could be found for them at that moment
 * (docs/pairings.md, "Waiting for a partner"). The admin can re-pair them.
 */
export const waitingPersonSchema = z.object({
  userId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  department: z.string().nullable(),
  /** The names of the partner(s) who left. */
  formerPartners: z.array(z.string()),
  /** When they were left waiting (ISO time). */
  since: z.string(),
});
export type WaitingPerson = z.infer<typeof waitingPersonSchema>;

/** GET /api/admin/current-pairings: every active pairing, and one page of their matches. */
export const currentPairingsResponseSchema = z.object({
  pairings: z.array(pairingSummarySchema),
  /** The running pairings' people who sat out and are still in none of their matches. */
  satOut: z.array(satOutPersonSchema.extend({ pairingId: z.number().int() })),
  /** Each active pairing's people waiting for a partner (every active pairing has a key). */
  waitingByPairing: z.record(z.string(), z.array(waitingPersonSchema)),
  /** The page's matches by pairing id (every active pairing has a key), pairings in list order. */
  matchesByPairing: z.record(z.string(), z.array(previewMatchSchema)),
  /** Each active pairing's number of matches, whatever the filters. */
  matchCounts: z.record(z.string(), z.number().int()),
  /** How many matches fit every filter (search, pairing, status). */
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type CurrentPairingsResponse = z.infer<typeof currentPairingsResponseSchema>;

/** POST /api/admin/complete-pairing/{pairingId} and /api/admin/complete-current-pairing */
export const completePairingResponseSchema = z.object({
  message: z.string(),
  completed: z.array(
    z.object({ pairingId: z.number().int(), fileName: z.string(), matchCount: z.number().int() }),
  ),
});
export type CompletePairingResponse = z.infer<typeof completePairingResponseSchema>;

export const completedPairingFileSchema = z.object({
  fileName: z.string(),
  displayName: z.string(),
  monthDisplay: z.string(),
  /** The group, "All Users" only when the company has groups; null when it has none. */
  groupDisplay: z.string().nullable(),
  matchCount: z.number().int(),
  createdAt: z.string(),
});
export type CompletedPairingFile = z.infer<typeof completedPairingFileSchema>;

/** The stored record's JSON (also what GET /completed_pairings/{fileName} downloads). */
export const completedPairingContentSchema = z.object({
  name: z.string(),
  month: z.string(),
  domainGroup: z.string().nullable(),
  matches: z.array(
    z.object({
      user1_name: z.string(),
      user1_email: z.string(),
      user2_name: z.string(),
      user2_email: z.string(),
      user3_name: z.string().optional(),
      user3_email: z.string().optional(),
      user4_name: z.string().optional(),
      user4_email: z.string().optional(),
      /** Every member in order (2 to 4); absent in older records, which list them as user1…user3. */
      members: z.array(z.object({ name: z.string(), email: z.string() })).optional(),
      status: z.string(),
      /** Whether the chat happened (chat-happened.ts) when the pairing was completed; absent in older records. */
      chat_happened: z.boolean().optional(),
    }),
  ),
  /** How many of the matches happened; absent in older records. */
  chats_happened: z.number().int().optional(),
});
export type CompletedPairingContent = z.infer<typeof completedPairingContentSchema>;
type FileMatch = CompletedPairingContent["matches"][number];
type FilePerson = { name: string; email: string };

/** A match's members as a completed file lists them: `members`, and `user1…user4` for older readers. */
export function fileMembers(people: FilePerson[]): Omit<FileMatch, "status" | "chat_happened"> {
  const [a, b, c, d] = people;
  return {
    user1_name: a?.name ?? "",
    user1_email: a?.email ?? "",
    user2_name: b?.name ?? "",
    user2_email: b?.email ?? "",
    ...(c ? { user3_name: c.name, user3_email: c.email } : {}),
    ...(d ? { user4_name: d.name, user4_email: d.email } : {}),
    members: people,
  };
}

/** Everyone in a completed file's match, from `members` or, in older records, `user1…user3`. */
export function membersOfFileMatch(m: FileMatch): FilePerson[] {
  if (m.members) return m.members;
  const slots: [string | undefined, string | undefined][] = [
    [m.user1_name, m.user1_email],
    [m.user2_name, m.user2_email],
    [m.user3_name, m.user3_email],
    [m.user4_name, m.user4_email],
  ];
  return slots.flatMap(([name, email]) => (email ? [{ name: name ?? "", email }] : []));
}

/** GET /api/admin/pairing-groups: the pairing references a newsletter can link, by scope label. */
export const pairingReferencesResponseSchema = z.record(
  z.string(),
  z.array(z.object({ fileName: z.string(), groupName: z.string(), totalPairs: z.number().int() })),
);
export type PairingReferencesResponse = z.infer<typeof pairingReferencesResponseSchema>;

export const validationIssueSchema = z.object({
  pairingId: z.number().int(),
  pairingName: z.string(),
  kind: z.enum(["repeat-pair", "double-booked", "ineligible-member"]),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof validationIssueSchema>;

/** GET /api/admin/pairing-report */
export const pairingReportResponseSchema = z.object({
  recentPairings: z.array(pairingSummarySchema),
  validationIssues: z.array(validationIssueSchema),
  averageQualityScore: z.number().nullable(),
});
export type PairingReportResponse = z.infer<typeof pairingReportResponseSchema>;

/** GET /api/admin/pairing-history */
export const pairingHistoryResponseSchema = z.object({ pairings: z.array(pairingSummarySchema) });

/** "2027-03" → "March 2027". */
export function monthDisplay(month: string): string {
  const [year, m] = month.split("-").map(Number);
  const name = monthName(m);
  return name ? `${name} ${year}` : month;
}

/** Run of a month 1 → "A", 2 → "B", …, 27 → "AA". */
export function runLetter(runOfMonth: number): string {
  let n = Math.max(1, Math.floor(runOfMonth));
  let out = "";
  while (n > 0) {
    const rem = (n - 1) % 26;
    out = String.fromCharCode(65 + rem) + out;
    n = Math.floor((n - 1) / 26);
  }
  return out;
}
