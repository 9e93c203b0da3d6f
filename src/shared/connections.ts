import { z } from "zod";
import { MAX_CONNECTION_MONTHS, MIN_CELL_CEILING, MIN_CELL_FLOOR } from "./connection-figures";
import { idSchema } from "./ids";

export * from "./connection-figures";

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const monthField = (name: string) =>
  z.string().regex(MONTH, { error: `${name} must be a month written YYYY-MM, e.g. 2027-03.` });

/**
 * GET /api/admin/metrics/connections: the period (both months included; this month and the five
 * before it when left out) and, optionally, one domain group's pairings only.
 */
export const connectionsQuerySchema = z
  .object({
    from: monthField("from").optional(),
    to: monthField("to").optional(),
    /** Empty or left out: every pairing. */
    domainGroupId: z
      .preprocess((v) => (v === "" ? undefined : v), idSchema.optional())
      .transform((v) => v ?? null),
  })
  .superRefine((q, check) => {
    const problem = q.from && q.to ? periodProblem(q.from, q.to) : null;
    if (problem) check.addIssue({ code: "custom", message: problem });
  });
export type ConnectionsQuery = z.input<typeof connectionsQuerySchema>;

/** Why a period cannot be shown, or null when it can. */
export function periodProblem(from: string, to: string): string | null {
  const index = (m: string) => Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7));
  if (from > to) return "from must be the same month as to or before it.";
  if (index(to) - index(from) + 1 > MAX_CONNECTION_MONTHS) {
    return `Choose a period of at most ${MAX_CONNECTION_MONTHS} months.`;
  }
  return null;
}

/** A count, or null where it describes fewer people than the threshold (docs/privacy.md). */
const hidden = z.number().nullable();

/** The figures themselves, however they were counted. */
export const connectionFiguresSchema = z.object({
  /** `YYYY-MM`, both included. */
  from: z.string(),
  to: z.string(),
  domainGroupId: z.number().int().nullable(),
  /** Everyone's departments among the period's matches: most people matched first. */
  departments: z.array(z.string()),
  /**
   * Chats that happened between a person of row's department and one of column's (each two
   * members of a chat once), in the order of `departments`; symmetric.
   */
  met: z.array(z.array(hidden)),
  /** The same over every match made, whether or not the chat happened. */
  matched: z.array(z.array(hidden)),
  /** Per department: (external − internal) / (external + internal) over the period's chats. */
  eiIndex: z.record(z.string(), hidden),
  /** The same per month, oldest first. */
  eiTrend: z.array(z.object({ month: z.string(), eiIndex: z.record(z.string(), hidden) })),
  /** Per month: department pairs connected by at least one chat, of the pairs possible. */
  coverage: z.array(z.object({ month: z.string(), connected: hidden, possible: z.number().int() })),
  /** Distinct colleagues each person matched in the period met through the programme. */
  reach: z.object({
    people: hidden,
    median: hidden,
    p90: hidden,
    histogram: z.array(z.object({ label: z.string(), people: hidden })),
  }),
  /** Chats with members of two or more departments, in % of the chats that happened. */
  crossShare: hidden,
  /** Chats that happened in the period. */
  chats: hidden,
  /** The threshold in force: a figure about fewer people than this is null. */
  minCell: z.number().int(),
});
export type ConnectionFigures = z.infer<typeof connectionFiguresSchema>;

/**
 * The figures as last counted (docs/performance.md, "Connections"): a read answers them at once;
 * `stale` says a match, an answer, a member's department or a department name changed since
 * `countedAt` and a recount is on its way.
 */
export const connectionsSchema = connectionFiguresSchema.extend({
  /** When the figures were counted (ISO 8601). */
  countedAt: z.string(),
  stale: z.boolean(),
  /** The month of the programme's first pairing (`YYYY-MM`), null before there is one. */
  firstMonth: z.string().nullable(),
  /**
   * The period's months whose chats are still to come (`runningMonthsOf`), told at each read by
   * the server's clock: a month hidden now may be shown once more chats are in.
   */
  runningMonths: z.array(z.string()),
});
export type Connections = z.infer<typeof connectionsSchema>;

/** GET/PUT /api/admin/metrics/connections/settings */
export const connectionSettingsSchema = z.object({
  minCell: z.coerce
    .number({ error: "The threshold must be a number." })
    .int({ error: "The threshold must be a whole number." })
    .min(MIN_CELL_FLOOR, { error: `The threshold must be at least ${MIN_CELL_FLOOR} people.` })
    .max(MIN_CELL_CEILING, { error: `The threshold must be at most ${MIN_CELL_CEILING} people.` }),
});
export type ConnectionSettings = z.infer<typeof connectionSettingsSchema>;
