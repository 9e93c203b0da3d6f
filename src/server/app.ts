import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import cookie from "@fastify/cookie";
import multipart from "@fastify/multipart";
import rateLimit from "@fastify/rate-limit";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from "fastify-type-provider-zod";
import helmet from "helmet";
import { DEMO_MODE_META } from "../shared/app-mode";
import { isClientRoute } from "../shared/routes";
import { isCrossSite } from "./auth/cross-site";
import { isAdminRoute, requireAdmin } from "./auth/guards";
import { databaseRateLimitStore } from "./auth/rate-limit-store";
import authRoutes from "./auth/routes";
import { findSessionUser, SESSION_COOKIE } from "./auth/session-store";
import checkInRoutes from "./check-ins/routes";
import { type Clock, systemClock } from "./clock";
import type { Config } from "./config";
import type { AppContext } from "./context";
import type { Db } from "./db/client";
import departmentsRoutes from "./directory/departments/routes";
import groupsRoutes from "./directory/groups/routes";
import usersRoutes from "./directory/users/routes";
import whitelistRoutes from "./directory/whitelist/routes";
import employeesRoutes from "./employees/routes";
import { HttpError, TooManyRequests } from "./errors";
import imagesRoutes from "./images/routes";
import inquiriesRoutes from "./inquiries/routes";
import { redactingLogger, redactUrl } from "./log-redaction";
import type { Mailer } from "./mail/mailer";
import matchesRoutes from "./matches/routes";
import metricsRoutes from "./metrics/routes";
import newslettersRoutes from "./newsletters/routes";
import pairingsRoutes from "./pairings/routes";
import profileRoutes from "./profile/routes";
import { refuseBrokenText } from "./refuse-broken-text";
import { replyServerError } from "./server-error";

export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  clock?: Clock;
  /** Built client (index.html + assets); the SPA is served only when it exists. */
  clientDir?: string;
  /** Readiness for /api/health; absent means ready. */
  readiness?: () => { ready: boolean; reason?: string };
  logger?: FastifyServerOptions["logger"];
  /**
   * Keep per-IP request limits in the database (shared by every process on one PostgreSQL)
   * instead of this process's memory; set when the database is a PostgreSQL server.
   */
  sharedLimits?: boolean;
}

export interface RegisteredRoute {
  method: string;
  url: string;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Every route as registered, so tests can walk them (e.g. every admin route is guarded). */
    registeredRoutes: RegisteredRoute[];
    ctx: AppContext;
  }
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const ctx: AppContext = {
    config: deps.config,
    db: deps.db,
    mailer: deps.mailer,
    clock: deps.clock ?? systemClock,
  };
  const app = Fastify({
    logger: redactingLogger(deps.logger),
    // One access-log line per request (the onResponse hook below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: false,
    bodyLimit: 1024 * 1024,
    // A reference a person can quote from an error message and an operator can find in the log,
    // unique across processes and restarts (Fastify's default counts from req-1 in each process).
    genReqId: () => randomBytes(6).toString("hex"),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate("ctx", ctx);
  app.decorate("registeredRoutes", [] as RegisteredRoute[]);
  app.decorateRequest("user", null);
  app.decorateRequest("sessionKind", null);
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) app.registeredRoutes.push({ method, url: route.url });
  });

  // JSON routes take JSON only; multipart is opted into by the upload routes.
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
  await app.register(multipart, { limits: { fileSize: 5 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(rateLimit, {
    global: false,
    store: deps.sharedLimits ? databaseRateLimitStore(ctx.db, ctx.clock) : undefined,
    errorResponseBuilder: (_req, context) =>
      new TooManyRequests(
        `Too many requests. Please wait ${Math.ceil(context.ttl / 1000)} seconds and try again.`,
        Math.ceil(context.ttl / 1000),
      ),
  });

  // `npm run dev` serves pages from Vite on :5173 and proxies /api to this server.
  const devOrigins =
    ctx.config.NODE_ENV === "development" ? ["http://localhost:5173", "http://127.0.0.1:5173"] : [];
  app.addHook("onRequest", async (request, reply) => {
    // Read per request: without APP_URL the origin is known only once the server listens.
    const allowedOrigins = [ctx.config.appOrigin, ...devOrigins];
    if (isCrossSite(request, allowedOrigins, SESSION_COOKIE)) {
      reply.code(403).send({ message: "Cross-site requests are not allowed.", code: "cross_site" });
      return reply;
    }
    const pathname = request.url.split("?")[0];
    const adminRoute = isAdminRoute(request.routeOptions.url ?? pathname);
    // Pages, assets and uploads never need the user: only API and admin file routes look it up.
    const token = request.cookies[SESSION_COOKIE];
    const lookedUpByRoute = request.routeOptions.config.sessionInRoute === true;
    if (token && !lookedUpByRoute && (adminRoute || pathname.startsWith("/api/"))) {
      const session = await findSessionUser(ctx, token);
      request.user = session?.user ?? null;
      request.sessionKind = session?.kind ?? null;
    }
    if (adminRoute) requireAdmin(request);
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

  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0];
      const field = issue.instancePath.replace(/^\//, "").replaceAll("/", ".");
      const text = issue.message ?? "Invalid value";
      const message = field && !isCustomMessage(text) ? `${field}: ${text}` : text;
      return reply.code(400).send({ message, field: field || undefined, code: "validation" });
    }
    const status =
      error instanceof HttpError
        ? error.statusCode
        : ((error as { statusCode?: number }).statusCode ?? 500);
    if (status >= 500) return replyServerError(request, reply, error, status);
    if (error instanceof HttpError) {
      if (error instanceof TooManyRequests) reply.header("Retry-After", error.retryAfterSeconds);
      return reply
        .code(error.statusCode)
        .send({ message: error.message, code: error.code, ...error.extra });
    }
    return reply.code(status).send({ message: friendlyClientError(error as Error, status) });
  });

  app.get("/api/health", async (_request, reply) => {
    const state = deps.readiness?.() ?? { ready: true };
    if (!state.ready) return reply.code(503).send({ status: "starting", message: state.reason });
    return { status: "ok" };
  });

  for (const routes of [
    authRoutes,
    whitelistRoutes,
    groupsRoutes,
    departmentsRoutes,
    usersRoutes,
    employeesRoutes,
    profileRoutes,
    matchesRoutes,
    pairingsRoutes,
    newslettersRoutes,
    imagesRoutes,
    metricsRoutes,
    inquiriesRoutes,
    checkInRoutes,
  ]) {
    await app.register(routes, { ctx });
  }

  const indexHtml = deps.clientDir ? readIndexHtml(deps.clientDir, ctx.config.DEMO) : undefined;
  if (deps.clientDir && indexHtml) {
    await app.register(fastifyStatic, {
      root: deps.clientDir,
      prefix: "/",
      wildcard: false,
      index: false,
      serve: true,
      // The build writes .br and .gz beside each file (scripts/precompress.ts).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header("Cache-Control", "public, max-age=31536000, immutable");
        }
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0];
    const wantsPage = request.method === "GET" || request.method === "HEAD";
    if (pathname.startsWith("/api/") || pathname === "/api" || !wantsPage || !indexHtml) {
      return reply.code(404).send({ message: `No such endpoint: ${request.method} ${pathname}` });
    }
    const route = pathname.replace(/(.)\/+$/, "$1");
    // The simple test access page exists only in DEMO mode (docs/sign-in.md).
    const known = isClientRoute(route) && (route !== "/simple-auth" || ctx.config.DEMO);
    return reply
      .code(known ? 200 : 404)
      .header("Cache-Control", "no-cache")
      .type("text/html; charset=utf-8")
      .send(indexHtml);
  });

  return app;
}

/** The pages' HTML, marked for demo mode when DEMO=1 so the client shows demo-only pieces. */
function readIndexHtml(clientDir: string, demo: boolean): string | undefined {
  const file = path.join(clientDir, "index.html");
  if (!existsSync(file)) return undefined;
  const html = readFileSync(file, "utf8");
  return demo ? html.replace("</head>", `  ${DEMO_MODE_META}\n  </head>`) : html;
}

/** Our schemas word their own messages ("First name is required"); zod's defaults need the field. */
function isCustomMessage(message: string): boolean {
  return !/^(Invalid|Too (big|small)|Expected|Unrecognized|Required)/.test(message);
}

function friendlyClientError(error: Error & { code?: string }, status: number): string {
  if (error.code === "FST_ERR_CTP_INVALID_MEDIA_TYPE") return "Please send the request as JSON.";
  if (error.code === "FST_ERR_CTP_EMPTY_JSON_BODY") return "The request body is empty.";
  if (error.code === "FST_REQ_FILE_TOO_LARGE" || status === 413) return "The upload is too large.";
  if (error instanceof SyntaxError || error.code === "FST_ERR_CTP_INVALID_JSON_BODY") {
    return "The request body is not valid JSON.";
  }
  return error.message || "Bad request";
}
