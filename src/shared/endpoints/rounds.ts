import { answers, messageSchema } from "../api";
import {
  activityPageSchema,
  activityQuerySchema,
  draftViewSchema,
  roundParamsSchema,
  roundSettingsSchema,
  roundsOverviewSchema,
  scopeKeyParamsSchema,
  swapBodySchema,
  timeZoneSchema,
} from "../rounds";
import { companyWorkingHoursSchema, companyWorkingHoursViewSchema } from "../working-hours";
import { endpoint } from "./endpoint";

const done = answers(messageSchema);

/** The admin's control of the scheduled rounds, and the activity list (docs/rounds.md). */
export const roundEndpoints = {
  overview: endpoint({
    method: "GET",
    path: "/api/admin/rounds",
    response: answers(roundsOverviewSchema),
  }),
  saveSettings: endpoint({
    method: "PUT",
    path: "/api/admin/rounds/settings/:scopeKey",
    params: scopeKeyParamsSchema,
    body: roundSettingsSchema,
    response: done,
  }),
  saveTimeZone: endpoint({
    method: "PUT",
    path: "/api/admin/rounds/time-zone",
    body: timeZoneSchema,
    response: done,
  }),
  /** The company's default working hours (docs/profile.md, "Time zone and working hours"). */
  workingHours: endpoint({
    method: "GET",
    path: "/api/admin/rounds/working-hours",
    response: answers(companyWorkingHoursViewSchema),
  }),
  saveWorkingHours: endpoint({
    method: "PUT",
    path: "/api/admin/rounds/working-hours",
    body: companyWorkingHoursSchema,
    response: done,
  }),
  draft: endpoint({
    method: "GET",
    path: "/api/admin/rounds/:scopeKey/:month/draft",
    params: roundParamsSchema,
    response: answers(draftViewSchema),
  }),
  regenerate: endpoint({
    method: "POST",
    path: "/api/admin/rounds/:scopeKey/:month/regenerate",
    params: roundParamsSchema,
    response: done,
  }),
  swap: endpoint({
    method: "POST",
    path: "/api/admin/rounds/:scopeKey/:month/swap",
    params: roundParamsSchema,
    body: swapBodySchema,
    response: done,
  }),
  skip: endpoint({
    method: "POST",
    path: "/api/admin/rounds/:scopeKey/:month/skip",
    params: roundParamsSchema,
    response: done,
  }),
  activity: endpoint({
    method: "GET",
    path: "/api/admin/activity",
    query: activityQuerySchema,
    response: answers(activityPageSchema),
  }),
};
