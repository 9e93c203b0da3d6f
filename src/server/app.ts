import { randomBytes } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { sql } from "drizzle-orm";
import Fastify, { type FastifyInstance, type FastifyServerOptions, LogController } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { registerApiDocs } from "./api-docs/api-docs";
import apiTokenRoutes from "./api-tokens/routes";
import adminAccountRoutes from "./auth/admins/routes";
import oidcRoutes from "./auth/oidc/routes";
import authRoutes from "./auth/routes";
import channelRoutes from "./channels/routes";
import checkInRoutes from "./check-ins/routes";
import slackInteractionsRoutes from "./check-ins/slack-interactions-routes";
import teamsActivitiesRoutes from "./check-ins/teams-activities-routes";
import { type Clock, systemClock } from "./clock";
import companyRoutes from "./company/routes";
import type { Config } from "./config";
import type { AppContext } from "./context";
import { createDatabaseHealth, type DatabaseHealth, type OutageLog } from "./database-outage";
import type { Db, PoolStats } from "./db/client";
import departmentsRoutes from "./directory/departments/routes";
import groupsRoutes from "./directory/groups/routes";
import interestRoutes from "./directory/interests/routes";
import officeRoutes from "./directory/offices/routes";
import employeesRoutes from "./employees/routes";
import gettingStartedRoutes from "./getting-started/routes";
import helpRoutes from "./help/routes";
import { serveClientPages } from "./http/client-pages";
import { handleError } from "./http/error-handler";
import { registerPlugins } from "./http-plugins";
import imagesRoutes from "./images/routes";
import inquiriesRoutes from "./inquiries/routes";
import { createJobWakes } from "./job-wakes";
import { redactingLogger } from "./log-redaction";
import type { Mailer } from "./mail-transport";
import matchesRoutes from "./matches/routes";
import metricsRoutes from "./metrics/routes";
import { createAppMetrics } from "./monitoring/app-metrics";
import { registerMonitoringRoutes } from "./monitoring/routes";
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
import { slackStatus } from "./slack/slack-status";
import teamsRoutes from "./teams/routes";
import unsubscribeRoutes from "./unsubscribe/routes";
import webhookRoutes from "./webhooks/routes";

export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  clock?: Clock;
  /** Built client (index.html + assets); the SPA is served only when it exists. */
  clientDir?: string;
  /** The start's own gate for /api/ready (the mail transport being checked); absent means started. */
  readiness?: () => { ready: boolean; reason?: string };
  /** A PostgreSQL server's pool, for /metrics. */
  poolStats?: () => PoolStats;
  /** Where a database outage is logged (once as it starts, once as it ends); the app's log by default. */
  outageLog?: OutageLog;
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
    /** Whether the database answers; errors that say it is out of reach answer 503 (docs/monitoring.md). */
    databaseHealth: DatabaseHealth;
    /**
     * A SIGTERM: /api/ready answers 503 from now on and every answer closes its connection, while
     * requests are still served until the grace period ends (docs/monitoring.md, "Stopping").
     */
    startDraining(): void;
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
  officeRoutes,
  interestRoutes,
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
  channelRoutes(slackStatus),
  slackInteractionsRoutes,
  teamsActivitiesRoutes,
  teamsRoutes,
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
  const databaseHealth = createDatabaseHealth({
    ping: () => ctx.db.execute(sql`select 1`),
    log: deps.outageLog ?? app.log,
  });
  app.decorate("databaseHealth", databaseHealth);
  app.addHook("onClose", async () => databaseHealth.stop());
  let draining = false;
  app.decorate("startDraining", () => {
    draining = true;
  });
  // First of all hooks, so that an answer given by another hook (a cross-site refusal) has it too.
  // Every answer names its request, so a caller can quote it and the log can be searched for it;
  // while the process drains, each answer also ends its connection.
  app.addHook("onRequest", (request, reply, done) => {
    reply.header("x-request-id", request.id);
    if (draining) reply.header("connection", "close");
    done();
  });
  await registerPlugins(app, ctx, deps);
  addRequestHooks(app, ctx);
  app.setErrorHandler(handleError);
  await registerApiDocs(app, ctx);

  const metrics = createAppMetrics(app, ctx, { poolStats: deps.poolStats, databaseHealth });
  registerMonitoringRoutes(app, ctx, {
    databaseHealth,
    draining: () => draining,
    starting: deps.readiness,
    metrics,
  });
  for (const routes of featureRoutes) await app.register(routes, { ctx });

  await serveClientPages(app, ctx.config, deps.clientDir);
  return app;
}

/** An incoming X-Request-Id kept as the request's own (a balancer's or a caller's trace). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * Request ids: the caller's X-Request-Id when it is sane (letters, digits and `._:-`, 8 to 128 of
 * them: nothing a log line or a header could be broken with), else a random prefix drawn once per
 * process, then a counter. Unique across processes and restarts as before, without drawing random
 * bytes per request (a system call each, a few percent of a small API request's CPU:
 * docs/performance.md, "Hot API path").
 */
const requestIdPrefix = randomBytes(4).toString("hex");
let requestCounter = 0;
function nextRequestId(request: IncomingMessage): string {
  const given = request.headers["x-request-id"];
  if (typeof given === "string" && SANE_REQUEST_ID.test(given)) return given;
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
