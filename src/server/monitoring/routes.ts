import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { healthEndpoints as endpoints } from "../../shared/endpoints/health";
import type { AppContext } from "../context";
import type { DatabaseHealth } from "../database-outage";
import { endpointRoute } from "../http/endpoint-route";
import { type AppMetrics, METRICS_CONTENT_TYPE } from "./app-metrics";

export interface MonitoringDeps {
  databaseHealth: DatabaseHealth;
  /** True from a SIGTERM on: not ready, still serving for the grace period (docs/monitoring.md). */
  draining: () => boolean;
  /** The start's own gate (the mail transport being checked); absent means started. */
  starting?: () => { ready: boolean; reason?: string };
  metrics: AppMetrics;
}

/** Neither probe reads a session: a probe carries no cookie, and liveness never asks the database. */
const noSession = { sessionInRoute: true };

/**
 * Liveness (the health endpoint: the process answers), readiness (the ready endpoint: the database
 * answers and the process is not stopping) and `/metrics` in Prometheus' text format behind METRICS_TOKEN
 * (docs/monitoring.md).
 */
export function registerMonitoringRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  deps: MonitoringDeps,
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.route({
    ...endpointRoute(endpoints.health),
    config: noSession,
    handler: async () => ({ status: "ok" as const }),
  });
  r.route({
    ...endpointRoute(endpoints.ready),
    config: noSession,
    handler: async (_request, reply) => {
      if (deps.draining()) {
        return reply.code(503).send({ status: "stopping", message: "The process is stopping." });
      }
      const start = deps.starting?.() ?? { ready: true };
      if (!start.ready) return reply.code(503).send({ status: "starting", message: start.reason });
      if (!(await deps.databaseHealth.check())) {
        reply.header("Retry-After", deps.databaseHealth.retryAfterSeconds);
        return reply
          .code(503)
          .send({ status: "unavailable", message: "The database is out of reach." });
      }
      return { status: "ready" as const };
    },
  });

  // Without METRICS_TOKEN there are no metrics: the address answers 404 as an unknown one does.
  const token = ctx.config.METRICS_TOKEN;
  if (!token) return;
  const expected = createHash("sha256").update(token).digest();
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    const given = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? "")?.[1]?.trim() ?? "";
    if (!timingSafeEqual(createHash("sha256").update(given).digest(), expected)) {
      reply.header("WWW-Authenticate", 'Bearer realm="metrics"');
      return reply.code(401).send({ message: "A valid bearer token is required." });
    }
    return reply
      .header("Cache-Control", "no-store")
      .type(METRICS_CONTENT_TYPE)
      .send(await deps.metrics.render());
  });
}
