import type { CreateApiTokenInput } from "@shared/api-tokens";
import { apiTokenEndpoints as endpoints } from "@shared/endpoints/api-tokens";
import { call } from "./request";

export const apiTokenKeys = { list: [endpoints.list.path] as const };

export const apiTokensApi = {
  list: (signal?: AbortSignal) => call(endpoints.list, { signal }),
  /** The created token and its secret, which is never shown again. */
  create: (body: CreateApiTokenInput) => call(endpoints.create, { body }),
  revoke: (id: number) => call(endpoints.revoke, { params: { id } }),
};
