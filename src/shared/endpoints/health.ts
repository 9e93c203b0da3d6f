import { answers } from "../api";
import { healthSchema, readySchema } from "../health";
import { endpoint } from "./endpoint";

/** Liveness and readiness for a load balancer or an orchestrator (docs/monitoring.md). */
export const healthEndpoints = {
  health: endpoint({
    access: "public",
    method: "GET",
    path: "/api/health",
    response: answers(healthSchema),
  }),
  ready: endpoint({
    access: "public",
    method: "GET",
    path: "/api/ready",
    response: { ...answers(readySchema), 503: readySchema },
  }),
};
