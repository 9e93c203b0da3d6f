import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Gauge, Histogram, Registry } from "prom-client";
import type { AppContext } from "../context";
import type { DatabaseHealth } from "../database-outage";
import type { PoolStats } from "../db/client";
import { processRegistry } from "./delivery-counters";

/** The text format's content type (Prometheus' exposition format 0.0.4). */
export const METRICS_CONTENT_TYPE = processRegistry.contentType;

/** This app's figures for /metrics: read from the database at each scrape, and its requests. */
export interface AppMetrics {
  /** Everything, the process's counters included, in Prometheus' text format. */
  render(): Promise<string>;
}

interface Row extends Record<string, unknown> {
  kind: string;
  urgent: boolean;
  pending: number | string;
  oldest: Date | string | null;
  oldest_due: Date | string | null;
}

const seconds = (now: Date, at: Date | string | null) =>
  at === null ? 0 : Math.max(0, (now.getTime() - new Date(at).getTime()) / 1000);

/**
 * The figures an operator watches (docs/monitoring.md): the outbox's depth and oldest message per
 * kind and lane, how late each job is, the database pool, and every request's duration by route
 * pattern (never a raw URL: an id or a token would make a series per request).
 */
export function createAppMetrics(
  app: FastifyInstance,
  ctx: AppContext,
  options: { poolStats?: () => PoolStats; databaseHealth: DatabaseHealth },
): AppMetrics {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Histogram({
    name: "coj_http_request_duration_seconds",
    help: "Requests by method, route pattern and status, and how long they took.",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  app.addHook("onResponse", (request, reply, done) => {
    const route = request.is404 ? "unmatched" : (request.routeOptions.url ?? "unmatched");
    requests.observe(
      { method: request.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  const depth = new Gauge({
    name: "coj_outbox_messages",
    help: "Messages waiting to be sent, by kind and lane.",
    labelNames: ["kind", "lane"] as const,
    registers,
  });
  const oldest = new Gauge({
    name: "coj_outbox_oldest_message_age_seconds",
    help: "Age of the oldest message waiting to be sent, by kind and lane.",
    labelNames: ["kind", "lane"] as const,
    registers,
  });
  const lag = new Gauge({
    name: "coj_job_lag_seconds",
    help: "How long the oldest due piece of a job's work has waited (0: nothing is late).",
    labelNames: ["job"] as const,
    registers,
  });
  const pool = new Gauge({
    name: "coj_database_pool_connections",
    help: "This process's connections to the PostgreSQL server: open, idle, and queries waiting for one.",
    labelNames: ["state"] as const,
    registers,
  });
  const poolMax = new Gauge({
    name: "coj_database_pool_max",
    help: "The most connections this process opens (DATABASE_POOL_SIZE).",
    registers,
  });
  const up = new Gauge({
    name: "coj_database_up",
    help: "1 while the database answers, 0 while it is out of reach.",
    registers,
  });

  const readOutbox = async (now: Date) => {
    depth.reset();
    oldest.reset();
    const at = now.toISOString();
    const result = await ctx.db.execute(sql`
      select kind, urgent, count(*) as pending, min(created_at) as oldest,
             min(next_attempt_at) filter (where next_attempt_at <= ${at}::timestamptz) as oldest_due
      from outgoing_messages where state = 'pending' and channel = 'email' group by kind, urgent`);
    const rows = (result as unknown as { rows: Row[] }).rows;
    const due = { urgent: 0, standard: 0 };
    for (const row of rows) {
      const lane = row.urgent ? "urgent" : "standard";
      depth.set({ kind: row.kind, lane }, Number(row.pending));
      oldest.set({ kind: row.kind, lane }, seconds(now, row.oldest));
      due[lane] = Math.max(due[lane], seconds(now, row.oldest_due));
    }
    lag.set(
      { job: "outbox-delivery" },
      Math.max(due.standard, seconds(now, await oldestDueOnChannels(ctx, at))),
    );
    lag.set({ job: "outbox-urgent-delivery" }, due.urgent);
  };
  const readJobs = async (now: Date) => {
    const at = now.toISOString();
    const result = await ctx.db.execute(sql`
      select
        (select min(due_at) from round_steps
          where state = 'pending' and due_at <= ${at}::timestamptz) as round_steps`);
    const [row] = (result as unknown as { rows: Array<Record<string, string | null>> }).rows;
    lag.set({ job: "round-steps" }, seconds(now, row?.round_steps ?? null));
  };

  return {
    async render() {
      const stats = options.poolStats?.();
      if (stats) {
        pool.set({ state: "total" }, stats.total);
        pool.set({ state: "idle" }, stats.idle);
        pool.set({ state: "waiting" }, stats.waiting);
        poolMax.set(stats.max);
      }
      const now = ctx.clock.now();
      // While the database is out, the figures it holds are left out; the rest still answers.
      let databaseUp = true;
      try {
        await Promise.all([readOutbox(now), readJobs(now)]);
      } catch (error) {
        if (!options.databaseHealth.failed(error)) throw error;
        databaseUp = false;
      }
      up.set(databaseUp ? 1 : 0);
      if (!databaseUp) {
        depth.reset();
        oldest.reset();
        lag.reset();
      }
      return `${await processRegistry.metrics()}\n${await registry.metrics()}`;
    },
  };
}

/** The oldest due Slack, Teams or webhook row: the one worker's standard lane sends them too. */
async function oldestDueOnChannels(ctx: Pick<AppContext, "db">, at: string) {
  const result = await ctx.db.execute(sql`
    select min(next_attempt_at) as oldest_due from outgoing_messages
    where state = 'pending' and channel <> 'email' and next_attempt_at <= ${at}::timestamptz`);
  const [row] = (result as unknown as { rows: Array<{ oldest_due: string | null }> }).rows;
  return row?.oldest_due ?? null;
}
