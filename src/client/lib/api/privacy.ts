import type { Erased, Retention, RetentionStatus } from "@shared/privacy";
import { apiRequest } from "../api-client";
import { getJson, segment } from "./request";

/** The file a person downloads with everything stored about them (docs/privacy.md). */
export const MY_DATA_URL = "/api/profile/data";
const RETENTION = "/api/admin/retention";

export const retentionKeys = { status: [RETENTION] as const };

export const privacyApi = {
  deleteMyAccount: (confirmEmail: string) =>
    apiRequest<Erased>("DELETE", "/api/profile", { confirmEmail }),
  erasePerson: (userId: string, confirmEmail: string) =>
    apiRequest<Erased>("POST", `/api/admin/users/${segment(userId)}/erase`, { confirmEmail }),
  retention: (signal?: AbortSignal) => getJson<RetentionStatus>(RETENTION, signal),
  setRetention: (body: Retention) => apiRequest<RetentionStatus>("PUT", RETENTION, body),
};
