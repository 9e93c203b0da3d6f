import { roundEndpoints as endpoints } from "@shared/endpoints/rounds";
import { ACTIVITY_PAGE_SIZE, type RoundSettings, type SwapBody } from "@shared/rounds";
import type { WorkingDay } from "@shared/working-hours";
import { call } from "./request";

export const roundKeys = {
  /** The overview, every draft and the default working hours: the prefix a change refreshes. */
  all: [endpoints.overview.path] as const,
  workingHours: [endpoints.overview.path, "working-hours"] as const,
  overview: [endpoints.overview.path, "overview"] as const,
  draft: (scopeKey: string, month: string) =>
    [endpoints.overview.path, "draft", scopeKey, month] as const,
  activity: [endpoints.activity.path] as const,
};

/** The scheduled rounds (docs/rounds.md): timeline, settings, the draft, the activity list. */
export const roundsApi = {
  overview: (signal?: AbortSignal) => call(endpoints.overview, { signal }),
  saveSettings: (scopeKey: string, body: RoundSettings) =>
    call(endpoints.saveSettings, { params: { scopeKey }, body }),
  saveTimeZone: (timeZone: string) => call(endpoints.saveTimeZone, { body: { timeZone } }),
  workingHours: (signal?: AbortSignal) => call(endpoints.workingHours, { signal }),
  saveWorkingHours: (workingHours: WorkingDay[]) =>
    call(endpoints.saveWorkingHours, { body: { workingHours } }),
  draft: (scopeKey: string, month: string, signal?: AbortSignal) =>
    call(endpoints.draft, { params: { scopeKey, month }, signal }),
  regenerate: (scopeKey: string, month: string) =>
    call(endpoints.regenerate, { params: { scopeKey, month } }),
  swap: (scopeKey: string, month: string, body: SwapBody) =>
    call(endpoints.swap, { params: { scopeKey, month }, body }),
  skip: (scopeKey: string, month: string) => call(endpoints.skip, { params: { scopeKey, month } }),
  activity: (before: number | undefined, signal?: AbortSignal) =>
    call(endpoints.activity, { query: { before, limit: ACTIVITY_PAGE_SIZE }, signal }),
};
