import type { ChatSettings } from "../../shared/chat";
import type { AppContext } from "../context";
import { Validation } from "../errors";
import { saveChatSettings, wantsSlack } from "./chat-settings";
import { slackConfigured } from "./slack-client";

export const SLACK_NOT_SET_UP =
  "Slack is not set up, so it cannot be the company default: the operator sets SLACK_BOT_TOKEN and SLACK_SIGNING_SECRET first.";

/** The company's default channel; Slack (alone or with e-mail) only once Slack is configured. */
export async function setDefaultChannel(ctx: AppContext, value: ChatSettings): Promise<void> {
  if (wantsSlack(value.defaultChannel) && !slackConfigured(ctx))
    throw new Validation(SLACK_NOT_SET_UP, "defaultChannel");
  await saveChatSettings(ctx.db, value);
}
