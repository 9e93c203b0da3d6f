import { z } from "zod";

/** GET /api/health: "ok" once the app answers, "starting" (503) with the reason until then. */
export const healthSchema = z.object({
  status: z.enum(["ok", "starting"]),
  message: z.string().optional(),
});
