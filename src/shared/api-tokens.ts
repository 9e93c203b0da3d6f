import { z } from "zod";
import { idSchema } from "./ids";

/**
 * API tokens for the admin API (docs/api.md, "API tokens"): `read` answers GET requests of
 * /api/admin only; `admin` may do what an admin's session does there.
 */
export const apiTokenScopes = ["read", "admin"] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];

/** What every token starts with, so a leaked one is recognised (secret scanners, logs). */
export const API_TOKEN_PREFIX = "coj_";
export const API_TOKEN_MAX_DAYS = 365;

/** One token as the console lists it: never the token itself, which is shown once. */
export const apiTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(apiTokenScopes),
  /** The token's first characters, to tell tokens apart. */
  start: z.string(),
  createdAt: z.string(),
  /** Who created it (an admin's name or address). */
  createdBy: z.string().nullable(),
  expiresAt: z.string(),
  /**
   * Past `expiresAt` by the server's clock (`ctx.clock`), the one that refuses it: the console's
   * Expired badge reads this, never the browser's clock.
   */
  expired: z.boolean(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** POST /api/admin/api-tokens. */
export const createApiTokenSchema = z.object({
  name: z
    .string({ error: "Give the token a name." })
    .trim()
    .min(1, { error: "Give the token a name." })
    .max(100, { error: "A token's name has at most 100 characters." }),
  scope: z.enum(apiTokenScopes, { error: 'The scope is "read" or "admin".' }),
  expiresInDays: z
    .number({ error: "Say in how many days the token expires." })
    .int({ error: "Say in how many whole days the token expires." })
    .min(1, { error: "A token lasts at least 1 day." })
    .max(API_TOKEN_MAX_DAYS, { error: `A token lasts at most ${API_TOKEN_MAX_DAYS} days.` }),
});
export type CreateApiTokenInput = z.infer<typeof createApiTokenSchema>;

/** The created token and, this once, its secret value. */
export const createdApiTokenSchema = z.object({
  token: apiTokenSchema,
  secret: z.string(),
});
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;

export const apiTokenParamsSchema = z.object({ id: idSchema });
