import type { SessionUser } from "@shared/auth";
import { authEndpoints as endpoints } from "@shared/endpoints/auth";
import type { SetupBody } from "@shared/setup";
import { call } from "./request";

/** The signed-in user as answered by `authEndpoints.user` (`sessionUserSchema`). */
export type AuthUser = SessionUser;

/** The hosted sign-in: a full page load of this address (docs/sign-in.md). */
export const LOGIN_URL = endpoints.login.path;

export const authKeys = {
  user: [endpoints.session.path] as const,
  setup: [endpoints.setupStatus.path] as const,
};

export const authApi = {
  /** The signed-in user, or null when nobody is signed in (a 200 `{ user: null }`, no 401). */
  currentUser: async (signal?: AbortSignal): Promise<AuthUser | null> =>
    (await call(endpoints.session, { signal })).user,
  status: (signal?: AbortSignal) => call(endpoints.status, { signal }),
  sendCode: (email: string) => call(endpoints.sendCode, { body: { email } }),
  verifyCode: (body: { email: string; code: string }) => call(endpoints.verifyCode, { body }),
  requestMagicLink: (email: string) => call(endpoints.magicLink, { body: { email } }),
  checkMagicLink: (token: string) => call(endpoints.checkMagicLink, { body: { token } }),
  verifyMagicLink: (token: string) => call(endpoints.verifyMagicLink, { body: { token } }),
  simpleAuth: (email: string) => call(endpoints.simpleAuth, { body: { email } }),
  adminSignIn: (body: { email: string; password: string }) => call(endpoints.adminSignIn, { body }),
  setupStatus: (signal?: AbortSignal) => call(endpoints.setupStatus, { signal }),
  setup: (body: SetupBody) => call(endpoints.setup, { body }),
  logout: () => call(endpoints.logout),
};
