import { randomBytes } from "node:crypto";
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { errorResponses } from "../shared/api";
import { healthSchema } from "../shared/health";
import { registerApiDocs } from "./api-docs/api-docs";
import apiTokenRoutes from "./api-tokens/routes";
import adminAccountRoutes from "./auth/admins/routes";
import oidcRoutes from "./auth/oidc/routes";
import authRoutes from "./auth/routes";
import chatRoutes from "./chat/routes";
import checkInRoutes from "./check-ins/routes";
import slackInteractionsRoutes from "./check-ins/slack-interactions-routes";
import { type Clock, systemClock } from "./clock";
import companyRoutes from "./company/routes";
import type { Config } from "./config";
import type { AppContext } from "./context";
import type { Db } from "./db/client";
import departmentsRoutes from "./directory/departments/routes";
import groupsRoutes from "./directory/groups/routes";
import employeesRoutes from "./employees/routes";
import gettingStartedRoutes from "./getting-started/routes";
import helpRoutes from "./help/routes";
import { serveClientPages } from "./http/client-pages";
import { handleError } from "./http/error-handler";
import { registerPlugins } from "./http-plugins";
import imagesRoutes from "./images/routes";
import inquiriesRoutes from "./inquiries/routes";
import { createJobWakes } from "./jobs/wake-signal";
import { redactingLogger } from "./log-redaction";
import type { Mailer } from "./mail/mailer";
import matchesRoutes from "./matches/routes";
import metricsRoutes from "./metrics/routes";
import newslettersRoutes from "./newsletters/routes";
import pairingsRoutes from "./pairings/routes";
import impactRoutes from "./people/impact/routes";
import usersRoutes from "./people/users/routes";
import whitelistRoutes from "./people/whitelist/routes";
import privacyRoutes from "./privacy/routes";
import profileRoutes from "./profile/routes";
import { addRequestHooks } from "./request-hooks";
import roundMemberRoutes from "./rounds/member-routes";
import roundsRoutes from "./rounds/routes";
import schedulingRoutes from "./scheduling/routes";
import scimRoutes from "./scim/routes";
import identityStatusRoutes from "./scim/status-routes";
import unsubscribeRoutes from "./unsubscribe/routes";
import webhookRoutes from "./webhooks/routes";

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

/** The feature route plugins, each a thin `routes.ts` (docs/architecture.md). */
const featureRoutes = [
  apiTokenRoutes,
  authRoutes,
  adminAccountRoutes,
  companyRoutes,
  gettingStartedRoutes,
  oidcRoutes,
  whitelistRoutes,
  groupsRoutes,
  departmentsRoutes,
  impactRoutes,
  usersRoutes,
  employeesRoutes,
  profileRoutes,
  privacyRoutes,
  matchesRoutes,
  pairingsRoutes,
  newslettersRoutes,
  unsubscribeRoutes,
  imagesRoutes,
  metricsRoutes,
  inquiriesRoutes,
  helpRoutes,
  checkInRoutes,
  roundsRoutes,
  roundMemberRoutes,
  scimRoutes,
  identityStatusRoutes,
  chatRoutes,
  slackInteractionsRoutes,
  webhookRoutes,
  schedulingRoutes,
];

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const ctx: AppContext = {
    config: deps.config,
    db: deps.db,
    mailer: deps.mailer,
    clock: deps.clock ?? systemClock,
    jobs: createJobWakes(),
  };
  const app = createFastify(deps.logger, ctx, deps.config.TRUST_PROXY);
  await registerPlugins(app, ctx, deps);
  addRequestHooks(app, ctx);
  app.setErrorHandler(handleError);
  await registerApiDocs(app, ctx);

  const health = { response: { 200: healthSchema, 503: healthSchema, ...errorResponses } };
  app.get("/api/health", { schema: health }, async (_request, reply) => {
    const state = deps.readiness?.() ?? { ready: true };
    if (!state.ready) return reply.code(503).send({ status: "starting", message: state.reason });
    return { status: "ok" };
  });
  for (const routes of featureRoutes) await app.register(routes, { ctx });

  await serveClientPages(app, ctx.config, deps.clientDir);
  return app;
}

/**
 * Request ids: a random prefix drawn once per process, then a counter. Unique across processes
 * and restarts as before, without drawing random bytes per request (a system call each, a few
 * percent of a small API request's CPU: docs/performance.md, "Hot API path").
 */
const requestIdPrefix = randomBytes(4).toString("hex");
let requestCounter = 0;
function nextRequestId(): string {
  requestCounter = (requestCounter + 1) % 0x1_0000_0000;
  return requestIdPrefix + requestCounter.toString(16).padStart(8, "0");
}

/** Fastify with zod schemas, a quotable request id, and the routes recorded as they register. */
function createFastify(
  logger: AppDeps["logger"],
  ctx: AppContext,
  trustProxy: Config["TRUST_PROXY"],
): FastifyInstance {
  const app = Fastify({
    logger: redactingLogger(logger),
    // One access-log line per request (request-hooks.ts) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // Off unless TRUST_PROXY names the balancers: then request.ip, and so every per-address
    // limit, is the client's address from X-Forwarded-For (docs/operations.md).
    trustProxy: fastifyTrustProxy(trustProxy),
    bodyLimit: 1024 * 1024,
    // A reference a person can quote from an error message and an operator can find in the log,
    // unique across processes and restarts (Fastify's default counts from req-1 in each process).
    genReqId: nextRequestId,
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
  return app;
}

/** TRUST_PROXY as Fastify takes it: a hop count is "the first N hops", as proxy-addr reads one. */
function fastifyTrustProxy(
  trust: Config["TRUST_PROXY"],
): false | string[] | ((address: string, hop: number) => boolean) {
  if (trust === undefined) return false;
  if (typeof trust === "number") return (_address, hop) => hop < trust;
  return trust;
}
