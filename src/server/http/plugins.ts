import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import { databaseRateLimitStore } from "../auth/rate-limit-store";
import type { AppContext } from "../context";
import { TooManyRequests } from "../errors";

/** Security headers, cookies and per-IP limits, registered before any route. */
export async function registerPlugins(
  app: FastifyInstance,
  ctx: AppContext,
  { sharedLimits }: { sharedLimits?: boolean },
): Promise<void> {
  // JSON routes take JSON only; multipart is opted into by the upload routes (multipart-bodies.ts).
  app.removeContentTypeParser("text/plain");

  // Security headers from helmet, its middleware built once (docs/decisions/0016-helmet-middleware.md).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        "img-src": ["'self'", "data:", "blob:", "https:"],
        "upgrade-insecure-requests": ctx.config.secureCookies ? [] : null,
      },
    },
    strictTransportSecurity: ctx.config.secureCookies,
  });
  app.addHook("onRequest", (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, () => done());
  });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    store: sharedLimits ? databaseRateLimitStore(ctx.db, ctx.clock) : undefined,
    errorResponseBuilder: (_req, context) =>
      new TooManyRequests(
        `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
        Math.ceil(context.ttl / 1000),
      ),
  });
}
