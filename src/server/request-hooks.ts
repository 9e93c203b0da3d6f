import type { FastifyInstance } from "fastify";
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
  // A callback hook: most requests (pages, assets, the reads that look their session up in their
  // own statement) need no lookup and go on in the same turn, without a promise.
  app.addHook("onRequest", (request, reply, done) => {
    // Read per request: without APP_URL the origin is known only once the server listens.
    if (isCrossSite(request, allowedOrigins(), SESSION_COOKIE)) {
      reply.code(403).send({ message: "Cross-site requests are not allowed.", code: "cross_site" });
      return;
    }
    const pathname = request.url.split("?")[0];
    const route = request.routeOptions;
    const adminRoute = isAdminRoute(route.url ?? pathname);
    const guard = () => {
      if (!adminRoute) return done();
      try {
        requireAdmin(request);
      } catch (error) {
        return done(error as Error);
      }
      done();
    };
    // Pages, assets and uploads never need the user: only API and admin file routes look it up.
    const token = request.cookies[SESSION_COOKIE];
    const lookedUpByRoute = route.config.sessionInRoute === true;
    if (!token || lookedUpByRoute || !(adminRoute || pathname.startsWith("/api/"))) return guard();
    findSessionUser(ctx, token).then((session) => {
      request.user = session?.user ?? null;
      request.sessionKind = session?.kind ?? null;
      guard();
    }, done);
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
    done();
  });
}
