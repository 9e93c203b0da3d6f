import { z } from "zod";

/** API contract for the roster sync and employee status. */

export const ROSTER_MAX_CHARACTERS = 1_000_000;
export const ROSTER_MAX_ROWS = 5000;
export const rosterColumns = [
  "email",
  "employeeStatus",
  "leaveStartDate",
  "leaveEndDate",
  "leaveReason",
  "department",
  "manager",
  "office",
  "meet",
  "timeZone",
] as const;
export type RosterColumn = (typeof rosterColumns)[number];

export const syncEmployeeDataSchema = z.object({
  csv: z
    .string({ message: "Please attach the roster CSV" })
    .min(1, { message: "The roster CSV is empty" })
    .max(ROSTER_MAX_CHARACTERS, {
      message: "The roster CSV is larger than 1 MB. Split it into smaller files.",
    }),
});
export type SyncEmployeeDataInput = z.infer<typeof syncEmployeeDataSchema>;

export const rosterChangeSchema = z.object({
  email: z.string(),
  /** The new value of every field that changed. */
  fields: z.partialRecord(z.enum(rosterColumns).exclude(["email"]), z.string().nullable()),
});
export type RosterChange = z.infer<typeof rosterChangeSchema>;

export const rosterRejectionSchema = z.object({
  /** Line number in the file; the header is line 1. */
  row: z.number().int(),
  email: z.string(),
  reason: z.string(),
});
export type RosterRejection = z.infer<typeof rosterRejectionSchema>;

/** POST /api/admin/sync-employee-data */
export const syncEmployeeDataResponseSchema = z.object({
  applied: z.boolean(),
  message: z.string(),
  changed: z.array(rosterChangeSchema),
  unchanged: z.number().int(),
  rejected: z.array(rosterRejectionSchema),
});
export type SyncEmployeeDataResponse = z.infer<typeof syncEmployeeDataResponseSchema>;

/** POST /api/admin/sync-employee-status */
export const syncEmployeeStatusResponseSchema = z.object({
  message: z.string(),
  nowOnLeave: z.number().int(),
  backFromLeave: z.number().int(),
  pausesEnded: z.number().int(),
});
export type SyncEmployeeStatusResponse = z.infer<typeof syncEmployeeStatusResponseSchema>;

/**
 * GET /api/admin/employee-status-summary: the employees (Total Users) by employment, whatever
 * each chose about taking part; at work, on leave and left add up to the total.
 */
export const employeeStatusSummarySchema = z.object({
  totalEmployees: z.number().int(),
  /** Employed and not on leave today ("At work"), paused and opted-out people included. */
  activeEmployees: z.number().int(),
  /** On leave today, whatever their participation. */
  onLeaveEmployees: z.number().int(),
  /** No longer employed, as the roster says (employee status inactive). */
  leftEmployees: z.number().int(),
  /** Ready to pair: the people the next pairings would pair, every scope together. */
  availableForMatching: z.number().int(),
  lastSyncDate: z.string().nullable(),
});
export type EmployeeStatusSummary = z.infer<typeof employeeStatusSummarySchema>;

/** POST /api/admin/seed-users (demo only) */
export const seedUsersResponseSchema = z.object({
  message: z.string(),
  users: z.number().int(),
  domain: z.string(),
});
export type SeedUsersResponse = z.infer<typeof seedUsersResponseSchema>;
