import { z } from "zod";

/** DELETE /api/profile and POST /api/admin/users/{id}/erase: the person's own address, typed again. */
export const eraseBodySchema = z.object({
  confirmEmail: z.string().max(320, { error: "That is not an e-mail address." }),
});
export type EraseBody = z.infer<typeof eraseBodySchema>;

export const erasedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  /** Partners of a running pair now left without one (to re-pair under Current Pairings). */
  leftAlone: z.array(z.string()),
});
export type Erased = z.infer<typeof erasedSchema>;

/** GET/PUT /api/admin/retention: months of history to keep; null keeps it for ever. */
export const retentionSchema = z.object({
  months: z
    .number({ error: "Months must be a whole number from 1 to 240, or empty to keep for ever." })
    .int({ error: "Months must be a whole number from 1 to 240, or empty to keep for ever." })
    .min(1, { error: "Keep at least 1 month of history, or leave it empty to keep for ever." })
    .max(240, { error: "At most 240 months (20 years); leave it empty to keep for ever." })
    .nullable(),
});
export type Retention = z.infer<typeof retentionSchema>;

export const retentionStatusSchema = retentionSchema.extend({
  /** When the daily clean-up last ran and what it did. */
  lastRunAt: z.string().nullable(),
  lastRunNote: z.string().nullable(),
});
export type RetentionStatus = z.infer<typeof retentionStatusSchema>;
