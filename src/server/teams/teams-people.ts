import { and, eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { AppContext } from "../context";
import { teamsPeople } from "../db/schema";
import { isMemberSql } from "../match-members/match-members";
import { connector, graph, MicrosoftCallError, refusedCall } from "./microsoft-calls";
import type { TeamsSettings } from "./teams-settings";

/** How long "Teams cannot reach this person" is believed before asking again. */
const NOT_REACHED_FOR_MS = 24 * 3_600_000;

export interface TeamsPerson {
  id: string;
  email: string;
}

/** Reached: their Entra object id and the bot's 1:1 conversation; else why not, as the admin reads it. */
export type TeamsReach =
  | { aadObjectId: string; conversationId: string }
  | { aadObjectId: string | null; notReached: string };

const usersSchema = z.object({ value: z.array(z.object({ id: z.string() })).max(10) });
const catalogSchema = z.object({ value: z.array(z.object({ id: z.string() })).max(10) });
const conversationSchema = z.object({ id: z.string().min(1).max(500) });

/** OData's string literal: a quote doubled. */
const odata = (text: string) => `'${text.replaceAll("'", "''")}'`;

/**
 * The person in Teams (docs/chat.md, "Microsoft Teams"): found by their work address through
 * Graph, the app installed for them (`teamwork/installedApps`) where the admin granted it, and the
 * bot's 1:1 conversation opened (`POST /v3/conversations`) and remembered in `teams_people`.
 * Someone Teams cannot reach is remembered with the reason for a day. An outage or a rate limit
 * throws: the caller's delivery is retried.
 */
export async function teamsReachOf(
  ctx: AppContext,
  settings: TeamsSettings,
  person: TeamsPerson,
): Promise<TeamsReach> {
  const now = ctx.clock.now();
  const [known] = await ctx.db.select().from(teamsPeople).where(eq(teamsPeople.userId, person.id));
  if (known && known.email === person.email) {
    if (known.aadObjectId && known.conversationId) {
      return { aadObjectId: known.aadObjectId, conversationId: known.conversationId };
    }
    if (known.notReached && now.getTime() - known.lookedUpAt.getTime() < NOT_REACHED_FOR_MS) {
      return { aadObjectId: known.aadObjectId, notReached: known.notReached };
    }
  }
  const reach = await lookUp(settings, person.email);
  const row = {
    userId: person.id,
    email: person.email,
    aadObjectId: reach.aadObjectId,
    conversationId: "conversationId" in reach ? reach.conversationId : null,
    notReached: "notReached" in reach ? reach.notReached : null,
    lookedUpAt: now,
  };
  await ctx.db
    .insert(teamsPeople)
    .values(row)
    .onConflictDoUpdate({ target: teamsPeople.userId, set: row });
  return reach;
}

async function lookUp(settings: TeamsSettings, email: string): Promise<TeamsReach> {
  const aadObjectId = await userIdOf(settings, email);
  if (!aadObjectId) {
    return {
      aadObjectId: null,
      notReached: `Microsoft 365 has no user with the address ${email} in this organisation.`,
    };
  }
  const installRefused = await installFor(settings, aadObjectId);
  try {
    const answer = await connector(settings, "/v3/conversations", {
      bot: { id: `28:${settings.appId}` },
      members: [{ id: aadObjectId }],
      channelData: { tenant: { id: settings.tenantId } },
      tenantId: settings.tenantId,
      isGroup: false,
    });
    return { aadObjectId, conversationId: conversationSchema.parse(answer).id };
  } catch (error) {
    if (!(error instanceof MicrosoftCallError) || !refusedCall(error)) throw error;
    return {
      aadObjectId,
      notReached:
        installRefused ??
        `The Cup of Joe app is not installed for them in Teams (${error.message}).`,
    };
  }
}

/** Graph's user with this mail or sign-in name; null when there is none. */
export async function userIdOf(settings: TeamsSettings, email: string): Promise<string | null> {
  const filter = `mail eq ${odata(email)} or userPrincipalName eq ${odata(email)}`;
  const answer = await graph(
    settings,
    "GET",
    `/users?$filter=${encodeURIComponent(filter)}&$select=id&$top=2`,
  );
  const users = usersSchema.parse(answer).value;
  return users.length === 1 ? users[0].id : null;
}

/** The app's id in the organisation's catalogue (its manifest id is TEAMS_APP_ID). */
export async function catalogAppId(settings: TeamsSettings): Promise<string | null> {
  const filter = `externalId eq ${odata(settings.appId)}`;
  const answer = await graph(
    settings,
    "GET",
    `/appCatalogs/teamsApps?$filter=${encodeURIComponent(filter)}&$select=id`,
  );
  return catalogSchema.parse(answer).value[0]?.id ?? null;
}

/**
 * Installs the app for the person; already installed is fine. Resolves why it could not be (not
 * in the catalogue, the permission not granted) for the admin, or null.
 */
async function installFor(settings: TeamsSettings, aadObjectId: string): Promise<string | null> {
  const appId = await catalogAppId(settings);
  if (!appId) {
    return "The Cup of Joe app is not in the organisation's Teams app catalogue yet: upload the app package (Admin → Operations → Teams).";
  }
  try {
    await graph(
      settings,
      "POST",
      `/users/${encodeURIComponent(aadObjectId)}/teamwork/installedApps`,
      {
        "teamsApp@odata.bind": `${settings.graphUrl}/v1.0/appCatalogs/teamsApps/${appId}`,
      },
    );
    return null;
  } catch (error) {
    if (!(error instanceof MicrosoftCallError)) throw error;
    if (error.status === 409) return null;
    if (!refusedCall(error)) throw error;
    return `The app could not be installed for them: grant TeamsAppInstallation.ReadWriteSelfForUser.All (${error.message}).`;
  }
}

/**
 * Our person for an Entra object id pressing a card of the match `matchId`: the one account
 * remembered under that id that is a member of the match (docs/chat.md, as Slack's presses).
 */
export async function personOfTeamsUser(
  ctx: AppContext,
  aadObjectId: string,
  matchId: number,
): Promise<string | null> {
  if (!Number.isInteger(matchId) || matchId < 1 || matchId > 2_147_483_647) return null;
  const members = await ctx.db
    .select({ userId: teamsPeople.userId })
    .from(teamsPeople)
    .where(
      and(
        eq(teamsPeople.aadObjectId, aadObjectId),
        isMemberSql(sql`${matchId}`, teamsPeople.userId),
      ),
    );
  return members.length === 1 ? members[0].userId : null;
}

/**
 * Keeps the bot's 1:1 conversation Teams opened when the person installed the app themselves
 * (a `conversationUpdate` or `installationUpdate` in personal scope), for whoever was found under
 * that Entra object id; nobody known, nothing kept.
 */
export async function rememberConversation(
  ctx: AppContext,
  aadObjectId: string,
  conversationId: string,
): Promise<void> {
  await ctx.db
    .update(teamsPeople)
    .set({ conversationId, notReached: null })
    .where(eq(teamsPeople.aadObjectId, aadObjectId));
}

/** The one person found under this Entra object id, or null (none, or two accounts sharing it). */
export async function personOfTeamsObject(
  ctx: AppContext,
  aadObjectId: string,
): Promise<string | null> {
  const found = await ctx.db
    .select({ userId: teamsPeople.userId })
    .from(teamsPeople)
    .where(eq(teamsPeople.aadObjectId, aadObjectId))
    .limit(2);
  return found.length === 1 ? found[0].userId : null;
}
