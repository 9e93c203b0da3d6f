import { eq, sql } from "drizzle-orm";
import { type ChannelSettings, type ReachChannel, reachChannels } from "../../shared/channels";
import type { AppContext } from "../context";
import type { Db } from "../db/client";
import { settings } from "../db/schema";

const KEY = "chat";

export const defaultChannelSettings: ChannelSettings = { defaultChannel: "email" };

/** The company's channel settings (docs/chat.md): the channel for people who chose none. */
export async function getChannelSettings(db: Pick<Db, "select">): Promise<ChannelSettings> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, KEY));
  const value = (row?.value ?? {}) as { defaultChannel?: unknown };
  const known = reachChannels.find((c) => c === value.defaultChannel);
  return { defaultChannel: known ?? defaultChannelSettings.defaultChannel };
}

export async function saveChannelSettings(db: Pick<Db, "insert">, value: ChannelSettings) {
  await db
    .insert(settings)
    .values({ key: KEY, value })
    .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
}

/** The person's own choice, else the company's default. */
export function effectiveReach(
  own: ReachChannel | null | undefined,
  company: ChannelSettings,
): ReachChannel {
  return own ?? company.defaultChannel;
}

export const wantsSlack = (channel: ReachChannel) => channel === "slack" || channel === "both";
export const wantsTeams = (channel: ReachChannel) => channel === "teams";

/**
 * The one rule of every chat (docs/chat.md, "Where people are reached"): a message said in a
 * chat is not also e-mailed exactly when the person chose that chat alone (not "both") and the
 * chat reaches them now. The intro, the change note and the check-in of Slack and Teams all ask
 * it; whoever it says no for keeps the e-mail.
 */
export const toldInChannelsAlone = (
  reach: ReachChannel,
  chat: "slack" | "teams",
  reachedThere: boolean,
): boolean => reach === chat && reachedThere;

/** Teams is set up: its three settings come together (config.ts), so the app id tells. */
export const teamsSetUp = (config: { TEAMS_APP_ID?: string }) => config.TEAMS_APP_ID !== undefined;

/** Slack is set up: its bot token and signing secret come together (config.ts). */
export function slackConfigured(ctx: Pick<AppContext, "config">): boolean {
  return Boolean(ctx.config.SLACK_BOT_TOKEN && ctx.config.SLACK_SIGNING_SECRET);
}
