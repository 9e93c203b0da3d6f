import cookie from "@fastify/cookie";
import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";
import { API_DOCS_PAGE } from "../shared/api";
import { requestLimitError } from "./auth/address-limits";
import { clientIpKey } from "./auth/client-ip-key";
import { databaseRateLimitStore } from "./auth/rate-limit-store";
import type { AppContext } from "./context";

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
  const apiHeaders = apiAnswerHeaders(ctx.config.secureCookies);
  app.addHook("onRequest", (request, reply, done) => {
    if (!isApiAnswer(request.url)) return securityHeaders(request.raw, reply.raw, () => done());
    // Through Fastify's own headers: one setHeader on the raw answer would send every other
    // header of the answer through Node's slower path as well.
    reply.headers(apiHeaders);
    done();
  });
  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    store: sharedLimits ? databaseRateLimitStore(ctx.db, ctx.clock) : undefined,
    keyGenerator: (request) => clientIpKey(request.ip),
    errorResponseBuilder: (_req, context) => requestLimitError(context.ttl),
  });
}

/** The API's answers: JSON and files, never a page (the API's documentation page excepted). */
function isApiAnswer(url: string): boolean {
  return url.startsWith("/api/") && !url.startsWith(API_DOCS_PAGE);
}

/**
 * The security headers of an API answer (docs/decisions/0028-api-answer-headers.md): nothing in
 * it may run, be framed, be read by another site or be kept in a cache; a route that may be
 * cached (the public figures) sets its own Cache-Control.
 */
function apiAnswerHeaders(secure: boolean): Record<string, string> {
  // In lower case, as Fastify keeps (and sends) them: it lower-cases every name it is given,
  // a new string per header per answer otherwise.
  const headers: Array<[string, string]> = [
    ["content-security-policy", "default-src 'none'; frame-ancestors 'none'"],
    ["cross-origin-resource-policy", "same-origin"],
    ["referrer-policy", "no-referrer"],
    ["x-content-type-options", "nosniff"],
    ["x-frame-options", "DENY"],
    ["cache-control", "no-store"],
  ];
  if (secure) headers.push(["strict-transport-security", "max-age=31536000; includeSubDomains"]);
  return Object.fromEntries(headers);
}
