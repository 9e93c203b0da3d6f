import type { SlackStatus } from "../../shared/channels";
import type { AppContext } from "../context";
import { slackConfigured } from "../settings/channel-settings";
import { slackClient } from "./slack-client";

/** Whether the bot token works (`auth.test`), for the admin's Operations panel (docs/chat.md). */
export async function slackStatus(ctx: AppContext): Promise<SlackStatus> {
  const client = await slackClient(ctx);
  if (!client || !slackConfigured(ctx)) {
    return {
      configured: false,
      connected: false,
      team: null,
      botUser: null,
      message: "Slack is not set up: ask whoever runs Cup of Joe to connect Slack.",
    };
  }
  try {
    const answer = await client.auth.test();
    return {
      configured: true,
      connected: true,
      team: answer.team ?? null,
      botUser: answer.user ?? null,
      message: `Slack connected to ${answer.team ?? "the workspace"} as ${answer.user ?? "the bot"}.`,
    };
  } catch (error) {
    const reason = (error as { data?: { error?: string } }).data?.error;
    return {
      configured: true,
      connected: false,
      team: null,
      botUser: null,
      message: reason
        ? `Slack refused the bot token (${reason}). Check SLACK_BOT_TOKEN.`
        : "Slack could not be reached. Messages wait in the ledger and go out once it answers.",
    };
  }
}
