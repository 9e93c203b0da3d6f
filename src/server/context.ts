import type { FastifyPluginAsync } from "fastify";
import type { Clock } from "./clock";
import type { Config } from "./config";
import type { Db } from "./db/client";
import type { Mailer } from "./mail/mailer";

/** What every feature's routes and services are given; built once by buildApp. */
export interface AppContext {
  config: Config;
  db: Db;
  mailer: Mailer;
  clock: Clock;
}

export type FeatureRoutes = FastifyPluginAsync<{ ctx: AppContext }>;
