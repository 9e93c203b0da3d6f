import type { FastifyPluginAsync } from "fastify";
import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Db } from "./db/client";
import type { JobWakes } from "./job-wakes";
import type { Mailer } from "./mail-transport";

/** What every feature's routes and services are given; built once by buildApp. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  clock: Clock;
  /** Wakes a job of this app by name once work was queued for it (docs/jobs.md). */
  jobs: JobWakes;
}

export type FeatureRoutes = FastifyPluginAsync<{ ctx: AppContext }>;
