import { z } from "zod";

/** GET /api/health: liveness, "ok" whenever the process answers at all (docs/monitoring.md). */
export const healthSchema = z.object({
  status: z.literal("ok"),
});

/**
 * GET /api/ready: "ready" (200) while the database answers and the process is not stopping;
 * otherwise 503 with why: "starting" (the mail transport is being checked), "unavailable" (the
 * database is out of reach), "stopping" (a SIGTERM: the process drains, docs/monitoring.md).
 */
export const readySchema = z.object({
  status: z.enum(["ready", "starting", "unavailable", "stopping"]),
  message: z.string().optional(),
});
