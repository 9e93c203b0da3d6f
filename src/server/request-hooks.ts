import type {
  FastifyInstance,
  FastifyRequest,
  HookHandlerDoneFunction,
  onRequestHookHandler,
} from "fastify";
import {
  actAsApiToken,
  apiTokenLimiter,
  bearerOf,
  noteTokenChange,
} from "./api-tokens/token-request";
import { isCrossSite } from "./auth/cross-site";
import { isAdminRoute, requireAdmin } from "./auth/guards";
import { findSessionUser, SESSION_COOKIE } from "./auth/session-store";
import type { AppContext } from "./context";
import { redactUrl } from "./log-redaction";
import { refuseBrokenText } from "./refuse-broken-text";

/**
 * Every request: refused when it comes from another site, its session looked up (API and admin
 * file routes only), admin routes guarded, broken text refused, and one access-log line written.
 */
export function addRequestHooks(app: FastifyInstance, ctx: AppContext): void {
  // `npm run dev` serves pages from Vite on :5173 and proxies /api to this server.
  const devOrigins =
    ctx.config.NODE_ENV === "development" ? ["http://localhost:5173", "http://127.0.0.1:5173"] : [];
  const allowedOrigins = () => [ctx.config.appOrigin, ...devOrigins];
  const limit = apiTokenLimiter(app);
  app.addHook("onRequest", (request, reply, done) => {
    // Read per request: without APP_URL the origin is known only once the server listens.
    if (isCrossSite(request, allowedOrigins, SESSION_COOKIE)) {
      reply.code(403).send({ message: "Cross-site requests are not allowed.", code: "cross_site" });
      return;
    }
    // A request for a route has the route's own hook (below); one for no route is decided here.
    if (!request.is404) return done();
    const pathname = request.url.split("?")[0];
    const adminRoute = isAdminRoute(pathname);
    const hook = sessionHook(ctx, adminRoute, adminRoute || pathname.startsWith("/api/"), limit);
    hook.call(app, request, reply, done);
  });

  // What a route needs is known when it is registered: its session hook is built then, and runs
  // first among the route's own hooks (a per-person rate limit keys on the user), after the
  // cookies are read. Nothing about the route is worked out again per request.
  app.addHook("onRoute", (route) => {
    if (typeof route.url !== "string") return;
    const adminRoute = isAdminRoute(route.url);
    const lookUp =
      route.config?.sessionInRoute !== true && (adminRoute || route.url.startsWith("/api/"));
    const hook = sessionHook(ctx, adminRoute, lookUp, limit);
    const own = route.onRequest === undefined ? [] : [route.onRequest].flat();
    route.onRequest = [hook, ...own];
  });

  refuseBrokenText(app);

  app.addHook("onResponse", (request, reply, done) => {
    request.log.info(
      {
        method: request.method,
        url: redactUrl(request.url),
        status: reply.statusCode,
        ms: reply.elapsedTime,
      },
      "request",
    );
    noteTokenChange(ctx, request, reply.statusCode);
    done();
  });
}

/**
 * The session hook of one route (or of requests for no route): looks the session up when the
 * request carries a cookie and the route is an API or admin route that does not look it up in its
 * own statement (`sessionInRoute`), or, on an admin route without a cookie, the API token of its
 * `Authorization: Bearer` header (docs/api.md, "API tokens"); then guards an admin route. A callback hook: a request that
 * needs no lookup (pages, assets, the hot reads) goes on in the same turn, without a promise.
 */
function sessionHook(
  ctx: AppContext,
  adminRoute: boolean,
  lookUp: boolean,
  limit: ReturnType<typeof apiTokenLimiter>,
): onRequestHookHandler {
  const guard = (request: FastifyRequest, done: HookHandlerDoneFunction) => {
    if (!adminRoute) return done();
    try {
      requireAdmin(request);
    } catch (error) {
      return done(error as Error);
    }
    done();
  };
  return (request, _reply, done) => {
    const token = lookUp ? request.cookies[SESSION_COOKIE] : undefined;
    const bearer = !token && adminRoute ? bearerOf(request) : null;
    if (bearer) {
      actAsApiToken(ctx, request, bearer, limit).then(() => guard(request, done), done);
      return;
    }
    if (!token) return guard(request, done);
    findSessionUser(ctx, token).then((session) => {
      request.user = session?.user ?? null;
      request.sessionKind = session?.kind ?? null;
      guard(request, done);
    }, done);
  };
}
