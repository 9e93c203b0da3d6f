import type { SyncEmployeeDataResponse, SyncEmployeeStatusResponse } from "@shared/employees";
import { apiRequest } from "../api-client";

export const employeesApi = {
  /** The roster CSV: every row is checked first, then all of it is applied or none. */
  syncData: (csv: string) =>
    apiRequest<SyncEmployeeDataResponse>("POST", "/api/admin/sync-employee-data", { csv }),
  syncStatus: () =>
    apiRequest<SyncEmployeeStatusResponse>("POST", "/api/admin/sync-employee-status"),
};
