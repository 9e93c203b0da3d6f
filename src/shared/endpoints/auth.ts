import { answers, errorResponses, redirectResponse, successMessageSchema } from "../api";
import {
  adminSignInBodySchema,
  authStatusSchema,
  magicLinkAnswerSchema,
  magicLinkBodySchema,
  magicLinkCheckSchema,
  magicLinkVerifyBodySchema,
  sendCodeBodySchema,
  sessionAnswerSchema,
  sessionUserSchema,
  signedInSchema,
  simpleAuthBodySchema,
  successAnswerSchema,
  verifyCodeBodySchema,
} from "../auth";
import { setupBodySchema, setupStatusSchema } from "../setup";
import { signInMethodsSchema } from "../sso";
import { endpoint } from "./endpoint";

const signedIn = answers(signedInSchema);

/**
 * Signing in and the session (docs/sign-in.md): by e-mail (a code or a magic link), the admin's
 * password, the first admin's setup, the demo's simple access, single sign-on, and signing out.
 */
export const authEndpoints = {
  sendCode: endpoint({
    access: "public",
    method: "POST",
    path: "/api/auth/send-code",
    body: sendCodeBodySchema,
    response: answers(successAnswerSchema),
  }),
  verifyCode: endpoint({
    access: "public",
    method: "POST",
    path: "/api/auth/verify-code",
    body: verifyCodeBodySchema,
    response: signedIn,
  }),
  magicLink: endpoint({
    access: "public",
    method: "POST",
    path: "/api/auth/magic-link",
    body: magicLinkBodySchema,
    response: answers(magicLinkAnswerSchema),
  }),
  /** Reads only: a used, expired or unknown link answers `usable: false`, not an error. */
  checkMagicLink: endpoint({
    access: "public",
    method: "POST",
    path: "/api/auth/magic-link/check",
    body: magicLinkVerifyBodySchema,
    response: answers(magicLinkCheckSchema),
  }),
  verifyMagicLink: endpoint({
    access: "public",
    method: "POST",
    path: "/api/auth/magic-link/verify",
    body: magicLinkVerifyBodySchema,
    response: signedIn,
  }),
  /** Only on a demo server (DEMO=1). */
  simpleAuth: endpoint({
    access: "public",
    method: "POST",
    path: "/api/simple-auth",
    body: simpleAuthBodySchema,
    response: signedIn,
  }),
  adminSignIn: endpoint({
    access: "public",
    method: "POST",
    path: "/api/signin",
    body: adminSignInBodySchema,
    response: signedIn,
  }),
  setupStatus: endpoint({
    access: "public",
    method: "GET",
    path: "/api/setup",
    response: answers(setupStatusSchema),
  }),
  /** The first admin, from the one-time address printed at start (docs/sign-in.md, "First admin"). */
  setup: endpoint({
    access: "public",
    method: "POST",
    path: "/api/setup",
    body: setupBodySchema,
    response: signedIn,
  }),
  logout: endpoint({
    access: "public",
    method: "POST",
    path: "/api/logout",
    response: answers(successMessageSchema),
  }),
  user: endpoint({
    method: "GET",
    path: "/api/auth/user",
    response: answers(sessionUserSchema),
  }),
  /** The pages' question: the signed-in user, or `{ user: null }` for a visitor (never a 401). */
  session: endpoint({
    access: "public",
    method: "GET",
    path: "/api/auth/session",
    response: answers(sessionAnswerSchema),
  }),
  status: endpoint({
    access: "public",
    method: "GET",
    path: "/api/auth/status",
    response: answers(authStatusSchema),
  }),
  /** The re-login address: a full page load that always ends on the sign-in page. */
  login: endpoint({
    access: "public",
    method: "GET",
    path: "/api/login",
    response: { 302: redirectResponse("To the sign-in page, /auth."), ...errorResponses },
  }),
  /** The ways in the sign-in page offers. */
  methods: endpoint({
    access: "public",
    method: "GET",
    path: "/api/auth/methods",
    response: answers(signInMethodsSchema),
  }),
  /** Single sign-on's start, a full page load; only when an OpenID Provider is set up. */
  ssoStart: endpoint({
    access: "public",
    method: "GET",
    path: "/api/auth/oidc/start",
    response: {
      302: redirectResponse("To the provider, or back to /auth with sso_error."),
      ...errorResponses,
    },
  }),
  /** Where the provider sends the browser back; the same path as the start's, /api/auth/oidc. */
  ssoCallback: endpoint({
    access: "public",
    method: "GET",
    path: "/api/auth/oidc/callback",
    response: {
      302: redirectResponse("To /auth-success, or back to /auth with sso_error."),
      ...errorResponses,
    },
  }),
};
