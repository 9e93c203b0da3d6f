import { SLACK_REFUSED_MESSAGE, type SlackStatus } from "../../shared/channels";
import type { AppContext } from "../context";
import { slackConfigured } from "../settings/channel-settings";
import { slackClient } from "./slack-client";

/**
 * Whether the bot token works (`auth.test`), for the admin's Operations panel (docs/chat.md). A
 * refusal is told to the admin in plain words; the setting to fix and Slack's reason go to the
 * log, where whoever runs the server reads them.
 */
export async function slackStatus(
  ctx: AppContext,
  log?: { warn: (details: object, message: string) => void },
): Promise<SlackStatus> {
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
    if (reason) log?.warn({ reason }, "Slack refused SLACK_BOT_TOKEN (auth.test)");
    return {
      configured: true,
      connected: false,
      team: null,
      botUser: null,
      message: reason
        ? SLACK_REFUSED_MESSAGE
        : "Slack could not be reached. Messages wait in the ledger and go out once it answers.",
    };
  }
}
