import type { FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { authEndpoints as endpoints } from "../../../shared/endpoints/auth";
import type { SsoError } from "../../../shared/sso";
import type { AppContext, FeatureRoutes } from "../../context";
import { endpointRoute } from "../../http/table/endpoint-route";
import { ipLimits } from "../auth-settings";
import { startSession } from "../session-store";
import { finishOidcSignIn, SsoRefusal } from "./finish-oidc-sign-in";
import { callbackUrl, ProviderUnavailable, ssoConfigured, ssoName } from "./oidc-provider-config";
import { OIDC_LOGIN_TTL_MS, startOidcSignIn } from "./start-oidc-sign-in";

/** Holds the state of a sign-in under way; only the provider's callback needs it back. */
const LOGIN_COOKIE = "oidc_login";
/** The folder of the start and the callback: the cookie goes back to these two only. */
const LOGIN_COOKIE_PATH = endpoints.ssoCallback.path.slice(
  0,
  endpoints.ssoCallback.path.lastIndexOf("/"),
);

/**
 * Sign-in through the company's OpenID Provider (docs/sign-in.md, "Single sign-on"). The callback
 * is a GET because the provider sends the browser back with one; it changes nothing unless it
 * carries the single-use state this browser was given (docs/decisions/0031-oidc-sign-in.md).
 */
const oidcRoutes: FeatureRoutes = async (app, { ctx }) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...endpointRoute(endpoints.methods),
    handler: async () => ({
      emailSignIn: ctx.config.EMAIL_SIGN_IN,
      sso: ssoConfigured(ctx.config)
        ? { name: ssoName(ctx.config), startUrl: endpoints.ssoStart.path }
        : null,
    }),
  });

  if (!ssoConfigured(ctx.config)) return;

  r.route({
    ...endpointRoute(endpoints.ssoStart),
    config: { rateLimit: ipLimits.sendPerIp },
    handler: async (request, reply) => {
      try {
        const { url, state } = await startOidcSignIn(ctx);
        reply.setCookie(LOGIN_COOKIE, state, loginCookie(ctx, OIDC_LOGIN_TTL_MS));
        return reply.redirect(url, 302);
      } catch (error) {
        if (!(error instanceof ProviderUnavailable)) throw error;
        request.log.warn({ err: error.cause }, "OpenID Provider unreachable");
        return backToSignIn(reply, "provider_unavailable");
      }
    },
  });

  r.route({
    ...endpointRoute(endpoints.ssoCallback),
    config: { rateLimit: ipLimits.verifyPerIp },
    handler: async (request, reply) => {
      const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
      const callback = new URL(`${callbackUrl(ctx.config)}${query}`);
      reply.clearCookie(LOGIN_COOKIE, { path: LOGIN_COOKIE_PATH });
      try {
        const user = await finishOidcSignIn(ctx, callback, request.cookies[LOGIN_COOKIE]);
        await startSession(ctx, request, reply, user.id, "employee");
        return reply.redirect("/auth-success", 302);
      } catch (error) {
        if (!(error instanceof SsoRefusal)) throw error;
        request.log.info({ reason: error.code, err: error.cause }, "OpenID sign-in refused");
        return backToSignIn(reply, error.code);
      }
    },
  });
};

function loginCookie(ctx: AppContext, ttlMs: number) {
  return {
    httpOnly: true,
    sameSite: "lax" as const,
    path: LOGIN_COOKIE_PATH,
    secure: ctx.config.secureCookies,
    maxAge: Math.floor(ttlMs / 1000),
  };
}

function backToSignIn(reply: FastifyReply, code: SsoError) {
  return reply.redirect(`/auth?sso_error=${code}`, 302);
}

export default oidcRoutes;
