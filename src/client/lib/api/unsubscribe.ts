import type { UnsubscribeAction, UnsubscribeStatus } from "@shared/unsubscribe";
import { apiRequest } from "../api-client";
import { getJson, withQuery } from "./request";

export const unsubscribeKeys = {
  status: (token: string) => ["/api/unsubscribe", token] as const,
};

export const unsubscribeApi = {
  status: (token: string, signal?: AbortSignal) =>
    getJson<UnsubscribeStatus>(withQuery("/api/unsubscribe", { token }), signal),
  change: (token: string, action: UnsubscribeAction["action"]) =>
    apiRequest<UnsubscribeStatus>("POST", "/api/unsubscribe", { token, action }),
};
