import { answers } from "../api";
import { calendarStatusSchema, calendarTestSchema } from "../scheduling";
import { endpoint } from "./endpoint";

/** The company's calendar connection (docs/scheduling.md, "Connecting a calendar"). */
export const schedulingEndpoints = {
  calendarStatus: endpoint({
    method: "GET",
    path: "/api/admin/calendar",
    response: answers(calendarStatusSchema),
  }),
  /** Reads the signed-in admin's busy times for the next two weeks; nothing is kept. */
  testCalendar: endpoint({
    method: "POST",
    path: "/api/admin/calendar/test",
    response: answers(calendarTestSchema),
  }),
};
