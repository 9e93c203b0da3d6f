import { z } from "zod";
import { isTimeZone } from "./rounds";
import { currentZoneName } from "./zone-names";

/**
 * A person's working hours (docs/profile.md, "Time zone and working hours"): per ISO weekday
 * (Monday = 1 … Sunday = 7) one span of local wall-clock time in their zone. A day without an
 * entry is not a working day.
 */
export interface WorkingDay {
  day: number;
  start: string;
  end: string;
}

/** The company's working hours until an admin sets others: Monday to Friday, 09:00–17:00. */
export const DEFAULT_WORKING_HOURS: WorkingDay[] = [1, 2, 3, 4, 5].map((day) => ({
  day,
  start: "09:00",
  end: "17:00",
}));

export const WEEKDAY_NAMES = [
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
  "Sunday",
] as const;

const CLOCK = /^([01]\d|2[0-3]):[0-5]\d$|^24:00$/;

/** Minutes after midnight of an "HH:MM" time ("24:00" is the day's end). */
export function clockMinutes(value: string): number {
  return Number(value.slice(0, 2)) * 60 + Number(value.slice(3, 5));
}

export const TIME_ZONE_MESSAGE = "Choose a time zone such as Europe/Berlin or UTC.";

/** An IANA zone name this runtime knows ("Europe/Berlin", "UTC"); offsets like "+05:00" are not. */
export function isIanaTimeZone(value: unknown): value is string {
  return (
    typeof value === "string" &&
    value.length <= 64 &&
    /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value) &&
    isTimeZone(value)
  );
}

/**
 * A file's cell as a zone under its current name ("asia/calcutta" → "Asia/Kolkata", "Etc/UTC" →
 * "UTC"; zone-names.ts), or null when it is no IANA zone this runtime knows.
 */
export function zoneFromCell(cell: string): string | null {
  const typed = cell.trim();
  if (!isIanaTimeZone(typed)) return null;
  return currentZoneName(
    new Intl.DateTimeFormat("en", { timeZone: typed }).resolvedOptions().timeZone,
  );
}

/** Why a file's zone cell was refused, the same in the HR import and the roster sync. */
export const unknownZoneCell = (cell: string) =>
  `Time zone "${cell}" is not a time zone name such as Europe/Berlin or Asia/Tokyo`;

export const ianaTimeZoneSchema = z
  .string({ error: TIME_ZONE_MESSAGE })
  .trim()
  .refine(isIanaTimeZone, { error: TIME_ZONE_MESSAGE });

/** The first problem of a working-hours list (days 1–7 at most once, "HH:MM", start before end), or null. */
export function workingHoursProblem(value: unknown): string | null {
  if (!Array.isArray(value)) return "Working hours must be a list of days.";
  if (value.length > 7) return "Working hours list each day at most once.";
  const seen = new Set<number>();
  for (const entry of value) {
    if (typeof entry !== "object" || entry === null)
      return "Each working day needs a day, a start and an end.";
    const { day, start, end } = entry as Record<string, unknown>;
    if (typeof day !== "number" || !Number.isInteger(day) || day < 1 || day > 7)
      return "Each working day needs a day from 1 (Monday) to 7 (Sunday).";
    if (seen.has(day)) return `${WEEKDAY_NAMES[day - 1]} is listed twice in the working hours.`;
    seen.add(day);
    if (
      typeof start !== "string" ||
      typeof end !== "string" ||
      !CLOCK.test(start) ||
      !CLOCK.test(end)
    )
      return `Give ${WEEKDAY_NAMES[day - 1]}'s hours as HH:MM, e.g. 09:00.`;
    if (clockMinutes(start) >= clockMinutes(end))
      return `${WEEKDAY_NAMES[day - 1]}'s hours must end after they start.`;
  }
  return null;
}

/** Each working day's problem, by day (1–7), all at once: for a form that shows them beside the day. */
export function workingDayProblems(hours: readonly WorkingDay[]): Map<number, string> {
  const problems = new Map<number, string>();
  for (const entry of hours) {
    const problem = workingHoursProblem([entry]);
    if (problem) problems.set(entry.day, problem);
  }
  return problems;
}

export const workingHoursSchema = z
  .array(
    z.object({
      day: z.number().int(),
      start: z.string(),
      end: z.string(),
    }),
    { error: "Working hours must be a list of days." },
  )
  .superRefine((value, ctx) => {
    const problem = workingHoursProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  })
  .transform((value) => [...value].sort((a, b) => a.day - b.day));

/** PUT /api/admin/rounds/working-hours: the company's default hours. */
export const companyWorkingHoursSchema = z.object({ workingHours: workingHoursSchema }).strict();

const workingDaySchema = z.object({ day: z.number(), start: z.string(), end: z.string() });

/** GET /api/admin/rounds/working-hours: the company's default hours and zone. */
export const companyWorkingHoursViewSchema = z.object({
  workingHours: z.array(workingDaySchema),
  timeZone: z.string(),
});

/**
 * GET /api/profile/working-hours: the person's zone and hours as matching uses them (their own,
 * else the company's), whether they set each, and the company's for the form's "default".
 */
export const myWorkingHoursSchema = z.object({
  timeZone: z.string(),
  workingHours: z.array(workingDaySchema),
  ownTimeZone: z.boolean(),
  ownHours: z.boolean(),
  timeZoneConfirmed: z.boolean(),
  companyTimeZone: z.string(),
  companyWorkingHours: z.array(workingDaySchema),
});
export type MyWorkingHours = z.infer<typeof myWorkingHoursSchema>;

/**
 * PUT /api/profile/working-hours: a zone (confirms it) and the person's own hours, or null to
 * follow the company's default hours.
 */
export const saveWorkingHoursSchema = z
  .object({ timeZone: ianaTimeZoneSchema, workingHours: workingHoursSchema.nullable() })
  .strict();
export type SaveWorkingHours = z.infer<typeof saveWorkingHoursSchema>;

/**
 * GET /api/matches/{id}/time-zones: each member's zone and hours, to show times side by side, and
 * whether the reader has confirmed their own zone (the Profile asks until they do).
 */
export const matchTimeZonesSchema = z.object({
  members: z.array(
    z.object({
      userId: z.string(),
      timeZone: z.string(),
      workingHours: z.array(workingDaySchema),
    }),
  ),
  yourTimeZoneConfirmed: z.boolean(),
});
export type MatchTimeZones = z.infer<typeof matchTimeZonesSchema>;

/**
 * Working hours in a few words: "Monday–Friday, 09:00–17:00" when consecutive days share one
 * span, else each day ("Monday 09:00–17:00; Wednesday 10:00–14:00"); "No working days" for none.
 */
export function workingHoursSummary(hours: WorkingDay[]): string {
  const days = [...hours].sort((a, b) => a.day - b.day);
  if (days.length === 0) return "No working days";
  const [first, last] = [days[0], days[days.length - 1]];
  const oneSpan = days.every((d) => d.start === first.start && d.end === first.end);
  const consecutive = days.every((d, i) => d.day === first.day + i);
  if (oneSpan && consecutive && days.length > 1) {
    return `${WEEKDAY_NAMES[first.day - 1]}–${WEEKDAY_NAMES[last.day - 1]}, ${first.start}–${first.end}`;
  }
  return days.map((d) => `${WEEKDAY_NAMES[d.day - 1]} ${d.start}–${d.end}`).join("; ");
}
