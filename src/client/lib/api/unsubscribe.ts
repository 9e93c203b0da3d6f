import { unsubscribeEndpoints as endpoints } from "@shared/endpoints/newsletters";
import type { UnsubscribeAction } from "@shared/unsubscribe";
import { call } from "./request";

export const unsubscribeKeys = {
  status: (token: string) => [endpoints.status.path, token] as const,
};

export const unsubscribeApi = {
  status: (token: string, signal?: AbortSignal) =>
    call(endpoints.status, { query: { token }, signal }),
  change: (token: string, action: UnsubscribeAction["action"]) =>
    call(endpoints.change, { body: { token, action } }),
};
