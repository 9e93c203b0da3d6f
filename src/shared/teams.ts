import { z } from "zod";

/** The admin's Teams card (docs/chat.md, "Microsoft Teams"). */
export const teamsStatusSchema = z.object({
  configured: z.boolean(),
  /** TEAMS_APP_ID: the bot's id and the app package's id. */
  appId: z.string().nullable(),
  /** Where Teams sends the bot's activities (the registration's messaging endpoint). */
  messagingEndpoint: z.string(),
  /** People who chose Teams and whom Teams cannot reach: they get e-mail, and why. */
  notReached: z.array(
    z.object({ name: z.string(), email: z.string(), reason: z.string(), checkedAt: z.string() }),
  ),
});
export type TeamsStatus = z.infer<typeof teamsStatusSchema>;

/** Test connection: a token from Microsoft and the app found in the organisation's catalogue. */
export const teamsTestSchema = z.object({ connected: z.boolean(), message: z.string() });
export type TeamsTest = z.infer<typeof teamsTestSchema>;
