import { schedulingEndpoints as endpoints } from "@shared/endpoints/scheduling";
import { call } from "./request";

export const calendarKeys = {
  status: [endpoints.calendarStatus.path] as const,
};

/** The company's calendar connection (docs/scheduling.md, "Connecting a calendar"). */
export const calendarApi = {
  status: (signal?: AbortSignal) => call(endpoints.calendarStatus, { signal }),
  test: () => call(endpoints.testCalendar),
};
