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

/**
 * The Microsoft Graph application permissions the app registration needs, each the one Microsoft
 * documents as least privileged for the call it is used for (docs/chat.md, "Connecting Teams, step
 * by step"). The Bot Connector's calls need none: they use the bot's own token.
 */
export const teamsGraphPermissions = [
  {
    name: "User.Read.All",
    call: "GET /users?$filter=mail eq …",
    why: "find each person by their work address",
  },
  {
    name: "TeamsAppInstallation.ReadWriteSelfForUser.All",
    call: "POST /users/{id}/teamwork/installedApps",
    why: "install the app for a person, so the bot can open its 1:1 chat with them",
  },
  {
    name: "Chat.Create",
    call: "POST /chats",
    why: "make the group chat of a trio or four",
  },
  {
    name: "TeamsAppInstallation.ReadWriteSelfForChat.All",
    call: "POST /chats/{id}/installedApps",
    why: "add the app to that group chat, so the bot can post there",
  },
  {
    name: "AppCatalog.Read.All",
    call: "GET /appCatalogs/teamsApps?$filter=externalId eq …",
    why: "find the uploaded app in the organisation's catalogue (to install it, and Test connection)",
  },
] as const;
