import type { ChannelSettings } from "../../shared/channels";
import type { AppContext } from "../context";
import { Validation } from "../errors";
import {
  saveChannelSettings,
  slackConfigured,
  teamsSetUp,
  wantsSlack,
  wantsTeams,
} from "../settings/channel-settings";

export const SLACK_NOT_SET_UP =
  "Slack is not set up, so it cannot be the company default: ask whoever runs Cup of Joe to connect Slack first.";

export const TEAMS_NOT_SET_UP =
  "Microsoft Teams is not set up, so it cannot be the company default: ask whoever runs Cup of Joe to connect Teams first.";

/** The company's default channel; Slack or Teams only once it is configured. */
export async function setDefaultChannel(ctx: AppContext, value: ChannelSettings): Promise<void> {
  if (wantsSlack(value.defaultChannel) && !slackConfigured(ctx))
    throw new Validation(SLACK_NOT_SET_UP, "defaultChannel");
  if (wantsTeams(value.defaultChannel) && !teamsSetUp(ctx.config))
    throw new Validation(TEAMS_NOT_SET_UP, "defaultChannel");
  await saveChannelSettings(ctx.db, value);
}
