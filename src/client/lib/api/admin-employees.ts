import { employeeEndpoints as endpoints } from "@shared/endpoints/employees";
import { call } from "./request";

export const employeesApi = {
  /** The roster CSV: the valid rows are applied, each refused row comes back with its reason. */
  syncData: (csv: string) => call(endpoints.syncData, { body: { csv } }),
  syncStatus: () => call(endpoints.syncStatus),
};
