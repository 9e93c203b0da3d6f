import { answers } from "../api";
import {
  employeeStatusSummarySchema,
  seedUsersResponseSchema,
  syncEmployeeDataResponseSchema,
  syncEmployeeDataSchema,
  syncEmployeeStatusResponseSchema,
} from "../employees";
import { endpoint } from "./endpoint";

/** Roster sync and the employees' status (docs/provisioning.md). */
export const employeeEndpoints = {
  /** The roster CSV: every row is checked first, then all of it is applied or none. */
  syncData: endpoint({
    method: "POST",
    path: "/api/admin/sync-employee-data",
    body: syncEmployeeDataSchema,
    response: answers(syncEmployeeDataResponseSchema),
  }),
  syncStatus: endpoint({
    method: "POST",
    path: "/api/admin/sync-employee-status",
    response: answers(syncEmployeeStatusResponseSchema),
  }),
  statusSummary: endpoint({
    method: "GET",
    path: "/api/admin/employee-status-summary",
    response: answers(employeeStatusSummarySchema),
  }),
  /** Sample people, in a demo only (DEMO): elsewhere the server does not register it (404). */
  seedUsers: endpoint({
    method: "POST",
    path: "/api/admin/seed-users",
    response: answers(seedUsersResponseSchema),
  }),
};
