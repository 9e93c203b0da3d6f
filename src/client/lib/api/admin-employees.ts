import { employeeEndpoints as endpoints } from "@shared/endpoints/employees";
import { call } from "./request";

export const employeesApi = {
  /** The roster CSV: every row is checked first, then all of it is applied or none. */
  syncData: (csv: string) => call(endpoints.syncData, { body: { csv } }),
  syncStatus: () => call(endpoints.syncStatus),
};
