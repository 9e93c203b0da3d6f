import type { FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { safeRedirectPath } from "../../shared/auth";
import { authEndpoints as endpoints } from "../../shared/endpoints/auth";
import type { SessionKind } from "../../shared/enums";
import { EMAIL_SIGN_IN_OFF_MESSAGE } from "../../shared/sso";
import type { AppContext, FeatureRoutes } from "../context";
import type { UserRow } from "../db/schema";
import { Forbidden } from "../errors";
import { endpointRoute } from "../http/table/endpoint-route";
import { type SerialisedJson, sendSerialised } from "../http/table/send-serialised";
import { addressLimit } from "./address-limits";
import { adminSignIn } from "./admin-sign-in";
import { addressLimits, ipLimits } from "./auth-settings";
import { checkMagicLink } from "./check-magic-link";
import { currentUserAnswer } from "./current-user-answer";
import { readOwnSession, readWithOwnSession } from "./guards";
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

/** Sign-in by e-mail: a code or a magic link, sent and then checked; refused when EMAIL_SIGN_IN=off. */
const emailSignInRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const emailSignInOn = async () => {
    if (!ctx.config.EMAIL_SIGN_IN)
      throw new Forbidden(EMAIL_SIGN_IN_OFF_MESSAGE, "email_sign_in_off");
  };
  // The per-IP limits only stop floods (an office shares one IP); these protect one person.
  const perRequester = { perRequester: true };
  const sendLimit = addressLimits.sendPerAddressAndRequester;
  const codesPerAddress = addressLimit(ctx, "send-code", sendLimit, perRequester);
  const linksPerAddress = addressLimit(ctx, "magic-link", sendLimit, perRequester);
  const checksPerAddress = addressLimit(ctx, "verify-code", addressLimits.verifyPerAddress, {
    perRequester: false,
  });

  r.route({
    ...endpointRoute(endpoints.sendCode),
    config: { rateLimit: ipLimits.sendPerIp },
    preHandler: [emailSignInOn, codesPerAddress],
    handler: async (request) => sendCode(ctx, request.body.email, meta(request)),
  });

  r.route({
    ...endpointRoute(endpoints.verifyCode),
    config: { rateLimit: ipLimits.verifyPerIp },
    preHandler: [emailSignInOn, checksPerAddress],
    handler: async (request, reply) => {
      const user = await verifyCode(ctx, request.body.email, request.body.code);
      return signedIn(ctx, request, reply, user, { message: "Code verified! Signing you in..." });
    },
  });

  r.route({
    ...endpointRoute(endpoints.magicLink),
    config: { rateLimit: ipLimits.sendPerIp },
    preHandler: [emailSignInOn, linksPerAddress],
    handler: async (request) => requestMagicLink(ctx, request.body.email, meta(request)),
  });

  r.route({
    ...endpointRoute(endpoints.checkMagicLink),
    // It checks a secret: counted with the verifies it comes before.
    config: { rateLimit: ipLimits.verifyPerIp },
    preHandler: emailSignInOn,
    handler: async (request) => checkMagicLink(ctx, request.body.token),
  });

  r.route({
    ...endpointRoute(endpoints.verifyMagicLink),
    config: { rateLimit: ipLimits.verifyPerIp },
    preHandler: emailSignInOn,
    handler: async (request, reply) => {
      const user = await verifyMagicLink(ctx, request.body.token);
      return signedIn(ctx, request, reply, user, {
        message: "Signed in.",
        redirectTo: "/auth-success",
      });
    },
  });
};

/** The demo's simple access and the admin's password sign-in. */
const otherSignInRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  if (ctx.config.DEMO) {
    r.route({
      ...endpointRoute(endpoints.simpleAuth),
      config: { rateLimit: ipLimits.sendPerIp },
      handler: async (request, reply) => {
        const user = await simpleAccess(ctx, request.body.email, meta(request));
        return signedIn(ctx, request, reply, user, {
          redirectTo: safeRedirectPath(request.body.redirectTo) ?? "/profile",
        });
      },
    });
  }

  r.route({
    ...endpointRoute(endpoints.adminSignIn),
    config: { rateLimit: ipLimits.adminSignInPerIp },
    handler: async (request, reply) => {
      const user = await adminSignIn(ctx, request.body.email, request.body.password, request.ip);
      return signedIn(ctx, request, reply, user, {}, "admin");
    },
  });

  r.route({
    ...endpointRoute(endpoints.setupStatus),
    handler: async (_request, reply) => {
      reply.header("Cache-Control", "no-store");
      return { needed: !(await hasAdmin(ctx.db)) };
    },
  });

  // The first admin, from the one-time address printed at start (docs/sign-in.md, "First admin").
  r.route({
    ...endpointRoute(endpoints.setup),
    config: { rateLimit: ipLimits.setupPerIp },
    handler: async (request, reply) => {
      const user = await completeSetup(ctx, request.body);
      return signedIn(ctx, request, reply, user, { redirectTo: "/admin" }, "admin");
    },
  });
};

const authRoutes: FeatureRoutes = async (app, options) => {
  await emailSignInRoutes(app, options);
  await otherSignInRoutes(app, options);
  await sessionRoutes(app, options);
};

/** The session's own routes: sign out, who is signed in, and the way back to sign-in. */
const sessionRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpointRoute(endpoints.logout),
    handler: async (request, reply) => {
      await endSession(ctx, request, reply);
      return { success: true, message: "Signed out." };
    },
  });

  r.route({
    ...endpointRoute(endpoints.user),
    // Every page asks it: the route reads the session in its own statement and answers the
    // person's kept answer while their row is unchanged (current-user-answer.ts).
    config: { sessionInRoute: true },
    handler: async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return sendSerialised(
        reply,
        await readWithOwnSession(request, (token) => currentUserAnswer(ctx, token)),
      );
    },
  });

  // The same answer for the pages, wrapped, and `{ user: null }` for a visitor: no 401 in the
  // console of everyone who opens the landing page.
  r.route({
    ...endpointRoute(endpoints.session),
    config: { sessionInRoute: true },
    handler: async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      const found = await readOwnSession(request, (token) => currentUserAnswer(ctx, token));
      return sendSerialised(reply, `{"user":${found ?? "null"}}` as SerialisedJson);
    },
  });

  r.route({
    ...endpointRoute(endpoints.status),
    handler: async (request, reply) => {
      reply.header("Cache-Control", "no-store");
      return {
        authenticated: request.user !== null,
        user: request.user ? presentUser(request.user, request.sessionKind) : null,
      };
    },
  });

  // The re-login endpoint: always the sign-in page; nothing from the request picks the target.
  r.route({
    ...endpointRoute(endpoints.login),
    handler: async (_request, reply) =>
      reply.header("Cache-Control", "no-store").redirect("/auth", 302),
  });
};

export default authRoutes;
