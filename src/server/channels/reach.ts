import { eq } from "drizzle-orm";
import type { ReachChoice, ReachView } from "../../shared/channels";
import type { AppContext } from "../context";
import { slackPeople, users } from "../db/schema";
import { Validation } from "../errors";
import {
  getChannelSettings,
  slackConfigured,
  teamsSetUp,
  wantsSlack,
  wantsTeams,
} from "../settings/channel-settings";

/** The profile's "where to reach me" (docs/chat.md): the person's choice and the company's. */
export async function reachOf(ctx: AppContext, userId: string): Promise<ReachView> {
  const [[row], company] = await Promise.all([
    ctx.db.select({ reachBy: users.reachBy }).from(users).where(eq(users.id, userId)),
    getChannelSettings(ctx.db),
  ]);
  return {
    reachBy: row?.reachBy ?? null,
    companyDefault: company.defaultChannel,
    slackAvailable: slackConfigured(ctx),
    teamsAvailable: teamsSetUp(ctx.config),
  };
}

export const SLACK_NOT_SET_UP_FOR_YOU =
  "Slack is not set up here, so we cannot reach you there: choose e-mail or the company default. Your administrator can ask whoever runs Cup of Joe to connect Slack.";

export const TEAMS_NOT_SET_UP_FOR_YOU =
  "Microsoft Teams is not set up here, so we cannot reach you there: choose e-mail or the company default. Your administrator can ask whoever runs Cup of Joe to connect Teams.";

/**
 * Saves the choice; a changed choice is looked up in Slack afresh at the next message. Slack
 * (alone or with e-mail) or Teams is refused while it is not set up, as the company default is.
 */
export async function chooseReach(ctx: AppContext, userId: string, choice: ReachChoice) {
  if (choice.reachBy && wantsSlack(choice.reachBy) && !slackConfigured(ctx))
    throw new Validation(SLACK_NOT_SET_UP_FOR_YOU, "reachBy");
  if (choice.reachBy && wantsTeams(choice.reachBy) && !teamsSetUp(ctx.config))
    throw new Validation(TEAMS_NOT_SET_UP_FOR_YOU, "reachBy");
  await ctx.db
    .update(users)
    .set({ reachBy: choice.reachBy, updatedAt: ctx.clock.now() })
    .where(eq(users.id, userId));
  if (choice.reachBy !== "email") {
    await ctx.db.delete(slackPeople).where(eq(slackPeople.userId, userId));
  }
  return reachOf(ctx, userId);
}
