import { z } from "zod";
import { roundStepStates } from "./enums";
import { isIdText } from "./id-range";
import { idSchema } from "./ids";
import { pageLimitSchema } from "./paging";
import { noSharedHoursSchema, satOutPersonSchema } from "./pairings";

/** API contract for the scheduled rounds (docs/rounds.md). */

/**
 * A pairing schedule: the nth weekday of every month (weekday 0 = Sunday) or one fixed day (other
 * months follow the default, the first Monday).
 */
export const pairingScheduleSchema = z.union([
  z.object({
    type: z.literal("nth-weekday"),
    nth: z
      .number()
      .int()
      .min(1, "Choose the 1st to 4th weekday.")
      .max(4, "Choose the 1st to 4th weekday."),
    weekday: z.number().int().min(0).max(6),
  }),
  z.object({ type: z.literal("fixed"), date: z.iso.date("Give the date as YYYY-MM-DD.") }),
]);
export type PairingSchedule = z.infer<typeof pairingScheduleSchema>;

export const defaultPairingSchedule: PairingSchedule = { type: "nth-weekday", nth: 1, weekday: 1 };

/** PUT /api/admin/rounds/settings/{scopeKey}; `schedule: null` follows the company's schedule. */
export const roundSettingsSchema = z
  .object({
    schedule: pairingScheduleSchema.nullable(),
    reviewDays: z
      .number({ error: "Give the review days as a whole number." })
      .int("Give the review days as a whole number.")
      .min(0, "The review window is 0 to 14 days.")
      .max(14, "The review window is 0 to 14 days."),
    checkInDays: z
      .number({ error: "Give the check-in days as a whole number." })
      .int("Give the check-in days as a whole number.")
      .min(1, "The check-in comes 1 to 21 days after the pairing day.")
      .max(21, "The check-in comes 1 to 21 days after the pairing day."),
    auto: z.boolean(),
  })
  .strict();
export type RoundSettings = z.infer<typeof roundSettingsSchema>;

export const defaultRoundSettings: RoundSettings = {
  schedule: null,
  reviewDays: 3,
  checkInDays: 7,
  auto: true,
};

/** True for a zone name this runtime knows (IANA, e.g. "Europe/Berlin", or "UTC"). */
export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return value.length > 0;
  } catch {
    return false;
  }
}

/** PUT /api/admin/rounds/time-zone */
export const timeZoneSchema = z
  .object({
    timeZone: z
      .string()
      .trim()
      .refine(isTimeZone, "Choose a time zone such as Europe/Berlin or UTC."),
  })
  .strict();

/** `all`, or a domain group's id (within PostgreSQL `integer`, as every id). */
export const scopeKeyParamsSchema = z.object({
  scopeKey: z.string().refine((key) => key === "all" || isIdText(key), "Unknown scope."),
});

export const roundParamsSchema = scopeKeyParamsSchema.extend({
  month: z.string().regex(/^[0-9]{4}-(0[1-9]|1[0-2])$/, "Give the month as YYYY-MM."),
});

const SWAP_MESSAGE = "Choose two people from the draft to swap.";
/** POST /api/admin/rounds/{scopeKey}/{month}/swap */
export const swapBodySchema = z
  .object({ userA: z.uuid({ error: SWAP_MESSAGE }), userB: z.uuid({ error: SWAP_MESSAGE }) })
  .strict()
  .refine((b) => b.userA !== b.userB, SWAP_MESSAGE);
export type SwapBody = z.infer<typeof swapBodySchema>;

/** The activity list's page (what the People & activity part shows), and the most one request may ask for. */
export const ACTIVITY_PAGE_SIZE = 20;
export const ACTIVITY_MAX_PAGE_SIZE = 100;

export const activityQuerySchema = z.object({
  /** The id of the last entry seen: the page holds older ones. */
  before: idSchema.optional(),
  limit: pageLimitSchema(ACTIVITY_PAGE_SIZE, ACTIVITY_MAX_PAGE_SIZE),
});

/** A step of a round's timeline; `complete` is when the next round's publishing completes it. */
export const timelineSteps = ["draft", "publish", "check-in", "reminder", "complete"] as const;
export type TimelineStep = (typeof timelineSteps)[number];
/**
 * `planned`: not yet written down (its review window has not opened). `before_start`: its date
 * came before automatic rounds began for the scope (a fresh install's first month): it was never
 * due, so nothing was skipped.
 */
export const timelineStates = [...roundStepStates, "planned", "before_start"] as const;
export type TimelineState = (typeof timelineStates)[number];

export const timelineEntrySchema = z.object({
  step: z.enum(timelineSteps),
  at: z.string(),
  state: z.enum(timelineStates),
  doneAt: z.string().nullable(),
  note: z.string().nullable(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const roundViewSchema = z.object({
  month: z.string(),
  monthLabel: z.string(),
  /** YYYY-MM-DD in the company's time zone. */
  pairingDay: z.string(),
  pairingId: z.number().int().nullable(),
  draft: z.object({ pairs: z.number().int(), unmatched: z.number().int() }).nullable(),
  steps: z.array(timelineEntrySchema),
});
export type RoundView = z.infer<typeof roundViewSchema>;

export const scopeRoundsSchema = z.object({
  scopeKey: z.string(),
  label: z.string(),
  domainGroupId: z.number().int().nullable(),
  /**
   * People in the scope (the eligibility box's Total Users) and how many are ready to pair today:
   * an empty "All Users" beside groups is shown as empty, and the pairing group chosen first is
   * the one with the most people ready (docs/pairings.md, "Who takes part").
   */
  people: z.number().int(),
  ready: z.number().int(),
  /** As stored (the same fields as the PUT takes). */
  settings: z.object(roundSettingsSchema.shape),
  current: roundViewSchema.nullable(),
  next: roundViewSchema,
});
export type ScopeRounds = z.infer<typeof scopeRoundsSchema>;

/** GET /api/admin/rounds */
export const roundsOverviewSchema = z.object({
  timeZone: z.string(),
  scopes: z.array(scopeRoundsSchema),
});
export type RoundsOverview = z.infer<typeof roundsOverviewSchema>;

export const draftMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  department: z.string(),
});
export type DraftMember = z.infer<typeof draftMemberSchema>;

/** GET /api/admin/rounds/{scopeKey}/{month}/draft */
export const draftViewSchema = z.object({
  scopeKey: z.string(),
  label: z.string(),
  month: z.string(),
  monthLabel: z.string(),
  publishAt: z.string(),
  matches: z.array(z.array(draftMemberSchema)),
  unmatched: z.array(draftMemberSchema),
  /** Everyone without a match in the draft, with the reason (docs/pairings.md, "Who sat out and why"). */
  satOut: z.array(satOutPersonSchema),
  /**
   * Of those, how many sat out by people's own rules (never with, manager, way to meet), and how
   * many of them for want of a shared way to meet; counts only, never whom anyone avoids.
   */
  ownRules: z.object({ people: z.number().int(), noWayToMeet: z.number().int() }),
  /** Of those, who sat out for want of shared working time, by office or zone (shared/sat-out.ts). */
  noSharedHours: z.array(noSharedHoursSchema),
});
export type DraftView = z.infer<typeof draftViewSchema>;

export const activityItemSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  kind: z.string(),
  detail: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  scopeKey: z.string().nullable(),
  month: z.string().nullable(),
});
export type ActivityItem = z.infer<typeof activityItemSchema>;

/** GET /api/admin/activity */
export const activityPageSchema = z.object({
  items: z.array(activityItemSchema),
  /** Pass as `before` for the next (older) page; null at the end. */
  nextBefore: z.number().int().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** The settings form's choice of pairing day: each kind of schedule the server takes, or none. */
export const scheduleKinds = ["company", "nth-weekday", "fixed"] as const;
const fixedDateSchema = pairingScheduleSchema.options[1].shape.date;

/**
 * The settings form: the company's schedule, an nth weekday of its own, or one fixed date (other
 * months then follow the default), sent as RoundSettings.
 */
export const roundSettingsFormSchema = z
  .object({
    auto: z.boolean(),
    reviewDays: roundSettingsSchema.shape.reviewDays,
    checkInDays: roundSettingsSchema.shape.checkInDays,
    scheduleKind: z.enum(scheduleKinds),
    nth: z.number().int().min(1).max(4),
    weekday: z.number().int().min(0).max(6),
    /** YYYY-MM-DD; only read for a fixed date. */
    date: z.string(),
  })
  .superRefine((form, issues) => {
    if (form.scheduleKind !== "fixed") return;
    const checked = fixedDateSchema.safeParse(form.date);
    if (!checked.success) {
      issues.addIssue({ code: "custom", path: ["date"], message: "Choose the pairing date." });
    }
  })
  .transform(
    (form): RoundSettings => ({
      auto: form.auto,
      reviewDays: form.reviewDays,
      checkInDays: form.checkInDays,
      schedule: scheduleOf(form),
    }),
  );
export type RoundSettingsForm = z.input<typeof roundSettingsFormSchema>;

function scheduleOf(form: RoundSettingsForm): PairingSchedule | null {
  if (form.scheduleKind === "nth-weekday") {
    return { type: "nth-weekday", nth: form.nth, weekday: form.weekday };
  }
  return form.scheduleKind === "fixed" ? { type: "fixed", date: form.date } : null;
}

const WEEKDAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;
const isWeekendDay = (weekday: number) => weekday === 0 || weekday === 6;

/** The weekday (0 = Sunday) of the pairing day the form chooses, or null when it is not known. */
function pairingWeekdayOf(form: RoundSettingsForm): number | null {
  if (form.scheduleKind === "nth-weekday") return form.weekday;
  if (form.scheduleKind !== "fixed" || !fixedDateSchema.safeParse(form.date).success) return null;
  const day = new Date(`${form.date}T00:00:00Z`);
  return Number.isNaN(day.getTime()) ? null : day.getUTCDay();
}

/**
 * Warnings, not errors: a pairing or check-in day on a Saturday or Sunday is allowed, but the
 * admin is told beside the field (the check-in comes checkInDays calendar days after pairing).
 */
export function weekendWarnings(form: RoundSettingsForm): { pairing?: string; checkIn?: string } {
  const weekday = pairingWeekdayOf(form);
  if (weekday === null) return {};
  const warnings: { pairing?: string; checkIn?: string } = {};
  if (isWeekendDay(weekday)) {
    warnings.pairing = `The pairing day falls on a weekend (${WEEKDAY_NAMES[weekday]}).`;
  }
  if (Number.isInteger(form.checkInDays)) {
    const checkIn = (((weekday + form.checkInDays) % 7) + 7) % 7;
    if (isWeekendDay(checkIn)) {
      warnings.checkIn = `The check-in day falls on a weekend (${WEEKDAY_NAMES[checkIn]}).`;
    }
  }
  return warnings;
}
