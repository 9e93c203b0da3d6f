import type {
  ActivityPage,
  DraftView,
  RoundSettings,
  RoundsOverview,
  SwapBody,
} from "@shared/rounds";
import { apiRequest } from "../api-client";
import { getJson, segment, withQuery } from "./request";

const ROUNDS = "/api/admin/rounds";

export const roundKeys = {
  /** The overview and every draft: the prefix a change refreshes. */
  all: [ROUNDS] as const,
  overview: [ROUNDS, "overview"] as const,
  draft: (scopeKey: string, month: string) => [ROUNDS, "draft", scopeKey, month] as const,
  activity: ["/api/admin/activity"] as const,
};

const round = (scopeKey: string, month: string) =>
  `${ROUNDS}/${segment(scopeKey)}/${segment(month)}`;

type Message = { message: string };

/** The scheduled rounds (docs/rounds.md): timeline, settings, the draft, the activity list. */
export const roundsApi = {
  overview: (signal?: AbortSignal) => getJson<RoundsOverview>(ROUNDS, signal),
  saveSettings: (scopeKey: string, body: RoundSettings) =>
    apiRequest<Message>("PUT", `${ROUNDS}/settings/${segment(scopeKey)}`, body),
  saveTimeZone: (timeZone: string) =>
    apiRequest<Message>("PUT", `${ROUNDS}/time-zone`, { timeZone }),
  draft: (scopeKey: string, month: string, signal?: AbortSignal) =>
    getJson<DraftView>(`${round(scopeKey, month)}/draft`, signal),
  regenerate: (scopeKey: string, month: string) =>
    apiRequest<Message>("POST", `${round(scopeKey, month)}/regenerate`),
  swap: (scopeKey: string, month: string, body: SwapBody) =>
    apiRequest<Message>("POST", `${round(scopeKey, month)}/swap`, body),
  skip: (scopeKey: string, month: string) =>
    apiRequest<Message>("POST", `${round(scopeKey, month)}/skip`),
  activity: (before: number | undefined, signal?: AbortSignal) =>
    getJson<ActivityPage>(withQuery("/api/admin/activity", { before, limit: 20 }), signal),
};
