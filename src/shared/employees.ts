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

export interface RosterChange {
  email: string;
  /** The new value of every field that changed. */
  fields: Partial<Record<Exclude<RosterColumn, "email">, string | null>>;
}

export interface RosterRejection {
  /** Line number in the file; the header is line 1. */
  row: number;
  email: string;
  reason: string;
}

export interface SyncEmployeeDataResponse {
  applied: boolean;
  message: string;
  changed: RosterChange[];
  unchanged: number;
  rejected: RosterRejection[];
}

export interface SyncEmployeeStatusResponse {
  message: string;
  nowOnLeave: number;
  backFromLeave: number;
  pausesEnded: number;
}

export interface EmployeeStatusSummary {
  totalEmployees: number;
  activeEmployees: number;
  onLeaveEmployees: number;
  availableForMatching: number;
  lastSyncDate: string | null;
}

export interface SeedUsersResponse {
  message: string;
  users: number;
  domain: string;
}
