import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { answers, errorResponses, redirectResponse, successMessageSchema } from "../../shared/api";
import {
  adminSignInBodySchema,
  authStatusSchema,
  magicLinkAnswerSchema,
  magicLinkBodySchema,
  magicLinkVerifyBodySchema,
  safeRedirectPath,
  sendCodeBodySchema,
  sessionUserSchema,
  signedInSchema,
  simpleAuthBodySchema,
  successAnswerSchema,
  verifyCodeBodySchema,
} from "../../shared/auth";
import type { SessionKind } from "../../shared/enums";
import { setupBodySchema, setupStatusSchema } from "../../shared/setup";
import { EMAIL_SIGN_IN_OFF_MESSAGE } from "../../shared/sso";
import type { AppContext, FeatureRoutes } from "../context";
import type { UserRow } from "../db/schema";
import { Forbidden } from "../errors";
import { adminSignIn } from "./admin-sign-in";
import { ipLimits } from "./auth-settings";
import { requireUser } from "./guards";
import { presentUser } from "./present-user";
import { requestMagicLink } from "./request-magic-link";
import { sendCode } from "./send-code";
import { endSession, startSession } from "./session-store";
import { completeSetup } from "./setup/complete-setup";
import { hasAdmin } from "./setup/setup-token";
import { simpleAccess } from "./simple-auth";
import { verifyCode } from "./verify-code";
import { verifyMagicLink } from "./verify-magic-link";

const meta = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers["user-agent"]?.slice(0, 500) ?? null,
  log: request.log,
});

/**
 * The queued sign-in mail is sent once the answer has gone out, so its rendering and sending
 * never delay the answer (and withholding a deactivated account's mail is not faster).
 */
const sendQueuedMail = (ctx: AppContext) => ({
  onResponse: async () => {
    ctx.jobs.wake("sign-in-mail");
  },
});

/** Every sign-in's ending: a session for `user`, then `{ success, ...fields, user }`. */
async function signedIn(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  fields: { message?: string; redirectTo?: string } = {},
  kind: SessionKind = "employee",
) {
  await startSession(ctx, request, reply, user.id, kind);
  return { success: true as const, ...fields, user: presentUser(user, kind) };
}
const signIn = answers(signedInSchema);

/** Sign-in by e-mail: a code or a magic link, sent and then checked; refused when EMAIL_SIGN_IN=off. */
const emailSignInRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const emailSignInOn = {
    preHandler: async () => {
      if (!ctx.config.EMAIL_SIGN_IN)
        throw new Forbidden(EMAIL_SIGN_IN_OFF_MESSAGE, "email_sign_in_off");
    },
  };

  r.post(
    "/api/auth/send-code",
    {
      schema: { body: sendCodeBodySchema, response: answers(successAnswerSchema) },
      config: { rateLimit: ipLimits.sendPerIp },
      ...emailSignInOn,
      ...sendQueuedMail(ctx),
    },
    async (request) => sendCode(ctx, request.body.email, meta(request)),
  );

  r.post(
    "/api/auth/verify-code",
    {
      schema: { body: verifyCodeBodySchema, response: signIn },
      config: { rateLimit: ipLimits.verifyPerIp },
      ...emailSignInOn,
    },
    async (request, reply) => {
      const user = await verifyCode(ctx, request.body.email, request.body.code);
      return signedIn(ctx, request, reply, user, { message: "Code verified! Signing you in..." });
    },
  );

  r.post(
    "/api/auth/magic-link",
    {
      schema: { body: magicLinkBodySchema, response: answers(magicLinkAnswerSchema) },
      config: { rateLimit: ipLimits.sendPerIp },
      ...emailSignInOn,
      ...sendQueuedMail(ctx),
    },
    async (request) => requestMagicLink(ctx, request.body.email, meta(request)),
  );

  r.post(
    "/api/auth/magic-link/verify",
    {
      schema: { body: magicLinkVerifyBodySchema, response: signIn },
      config: { rateLimit: ipLimits.verifyPerIp },
      ...emailSignInOn,
    },
    async (request, reply) => {
      const user = await verifyMagicLink(ctx, request.body.token);
      return signedIn(ctx, request, reply, user, {
        message: "Signed in.",
        redirectTo: "/auth-success",
      });
    },
  );
};

/** The demo's simple access and the admin's password sign-in. */
const otherSignInRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  if (ctx.config.DEMO) {
    r.post(
      "/api/simple-auth",
      {
        schema: { body: simpleAuthBodySchema, response: signIn },
        config: { rateLimit: ipLimits.sendPerIp },
      },
      async (request, reply) => {
        const user = await simpleAccess(ctx, request.body.email, meta(request));
        return signedIn(ctx, request, reply, user, {
          redirectTo: safeRedirectPath(request.body.redirectTo) ?? "/profile",
        });
      },
    );
  }

  r.post(
    "/api/signin",
    {
      schema: { body: adminSignInBodySchema, response: signIn },
      config: { rateLimit: ipLimits.adminSignInPerIp },
    },
    async (request, reply) => {
      const user = await adminSignIn(ctx, request.body.email, request.body.password, request.ip);
      return signedIn(ctx, request, reply, user, {}, "admin");
    },
  );

  r.get(
    "/api/setup",
    { schema: { response: answers(setupStatusSchema) } },
    async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      return { needed: !(await hasAdmin(ctx.db)) };
    },
  );

  // The first admin, from the one-time address printed at start (docs/sign-in.md, "First admin").
  r.post(
    "/api/setup",
    {
      schema: { body: setupBodySchema, response: signIn },
      config: { rateLimit: ipLimits.setupPerIp },
    },
    async (request, reply) => {
      const user = await completeSetup(ctx, request.body);
      return signedIn(ctx, request, reply, user, { redirectTo: "/admin" }, "admin");
    },
  );
};

const authRoutes: FeatureRoutes = async (app, options) => {
  await emailSignInRoutes(app, options);
  await otherSignInRoutes(app, options);
  await sessionRoutes(app, options);
};

/** The session's own routes: sign out, who is signed in, and the way back to sign-in. */
const sessionRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const logout = { schema: { response: answers(successMessageSchema) } };
  r.post("/api/logout", logout, async (request, reply) => {
    await endSession(ctx, request, reply);
    return { success: true, message: "Signed out." };
  });

  r.get(
    "/api/auth/user",
    { schema: { response: answers(sessionUserSchema) } },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return presentUser(requireUser(request), request.sessionKind);
    },
  );

  r.get(
    "/api/auth/status",
    { schema: { response: answers(authStatusSchema) } },
    async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return {
        authenticated: request.user !== null,
        user: request.user ? presentUser(request.user, request.sessionKind) : null,
      };
    },
  );

  // The re-login endpoint: always the sign-in page; nothing from the request picks the target.
  const toSignIn = { 302: redirectResponse("To the sign-in page, /auth."), ...errorResponses };
  r.get("/api/login", { schema: { response: toSignIn } }, async (_request, reply) =>
    reply.header("Cache-Control", "no-store").redirect("/auth", 302),
  );
};

export default authRoutes;
