import type { MagicLinkAnswer, SessionUser, SuccessAnswer } from "@shared/auth";
import type { SetupBody, SetupStatus } from "@shared/setup";
import { ApiError, apiRequest } from "../api-client";
import { getJson } from "./request";

/** The signed-in user as answered by GET /api/auth/user (`sessionUserSchema`). */
export type AuthUser = SessionUser;

export type AuthStatus = { authenticated: boolean; user: AuthUser | null };

/** The hosted sign-in: a full page load of this address (docs/sign-in.md). */
export const LOGIN_URL = "/api/login";

export const authKeys = {
  user: ["/api/auth/user"] as const,
  setup: ["/api/setup"] as const,
};

export const authApi = {
  /** The signed-in user, or null when nobody is signed in (a 401). */
  currentUser: async (signal?: AbortSignal): Promise<AuthUser | null> => {
    try {
      return (await getJson<AuthUser | null>(authKeys.user[0], signal)) ?? null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  status: (signal?: AbortSignal) => getJson<AuthStatus>("/api/auth/status", signal),
  sendCode: (email: string) => apiRequest<SuccessAnswer>("POST", "/api/auth/send-code", { email }),
  verifyCode: (body: { email: string; code: string }) =>
    apiRequest<SuccessAnswer>("POST", "/api/auth/verify-code", body),
  requestMagicLink: (email: string) =>
    apiRequest<MagicLinkAnswer>("POST", "/api/auth/magic-link", { email }),
  verifyMagicLink: (token: string) =>
    apiRequest<unknown>("POST", "/api/auth/magic-link/verify", { token }),
  simpleAuth: (email: string) =>
    apiRequest<{ redirectTo?: string } | undefined>("POST", "/api/simple-auth", { email }),
  adminSignIn: (body: { email: string; password: string }) =>
    apiRequest<{ user: AuthUser }>("POST", "/api/signin", body),
  setupStatus: (signal?: AbortSignal) => getJson<SetupStatus>("/api/setup", signal),
  setup: (body: SetupBody) =>
    apiRequest<{ user: AuthUser; redirectTo?: string }>("POST", "/api/setup", body),
  logout: () => apiRequest<unknown>("POST", "/api/logout"),
};
