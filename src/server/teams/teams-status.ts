import { and, desc, eq, isNotNull } from "drizzle-orm";
import { personName } from "../../shared/person-name";
import type { TeamsStatus, TeamsTest } from "../../shared/teams";
import type { AppContext } from "../context";
import { teamsPeople, users } from "../db/schema";
import { catalogAppId } from "./teams-people";
import { teamsSettings } from "./teams-settings";

/** The most people the card lists as not reached. */
const NOT_REACHED_SHOWN = 200;

/**
 * The admin's Teams card (docs/chat.md, "Microsoft Teams"): set up or not, the messaging
 * endpoint to register, and who chose Teams but gets e-mail, with Teams' reason.
 */
export async function teamsStatus(ctx: AppContext): Promise<TeamsStatus> {
  const settings = teamsSettings(ctx.config);
  const rows = await ctx.db
    .select({
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      reason: teamsPeople.notReached,
      checkedAt: teamsPeople.lookedUpAt,
    })
    .from(teamsPeople)
    .innerJoin(users, eq(users.id, teamsPeople.userId))
    .where(and(isNotNull(teamsPeople.notReached), eq(users.isActive, true)))
    .orderBy(desc(teamsPeople.lookedUpAt))
    .limit(NOT_REACHED_SHOWN);
  return {
    configured: settings !== null,
    appId: settings?.appId ?? null,
    messagingEndpoint: `${ctx.config.appUrl}/api/teams/messages`,
    notReached: rows.map((r) => ({
      name: personName(r),
      email: r.email,
      reason: r.reason ?? "",
      checkedAt: r.checkedAt.toISOString(),
    })),
  };
}

/**
 * Test connection: a Graph token for the registration, then the app looked up in the
 * organisation's catalogue by its id; each failure says what to fix.
 */
export async function testTeamsConnection(ctx: AppContext): Promise<TeamsTest> {
  const settings = teamsSettings(ctx.config);
  if (!settings) {
    return {
      connected: false,
      message: "Teams is not set up: ask whoever runs Cup of Joe to connect Teams.",
    };
  }
  try {
    const appId = await catalogAppId(settings);
    if (!appId) {
      return {
        connected: false,
        message:
          "Signed in to Microsoft, but the app is not in the organisation's catalogue yet: download the app package and upload it in the Teams admin center.",
      };
    }
    return {
      connected: true,
      message: "Connected: signed in to Microsoft and the app is in the organisation's catalogue.",
    };
  } catch (error) {
    return { connected: false, message: error instanceof Error ? error.message : String(error) };
  }
}
