import type { ChannelAdapter } from "../channels/channel-delivery";
import type { AppContext } from "../context";
import { sendSlackMessage } from "./send-slack-message";
import { showLateAnswer } from "./show-answer-in-slack";

/**
 * Slack in the delivery engine (docs/chat.md, "Adding a channel"): one message sent by kind, and
 * a check-in question recorded sent shows an answer given on the page while it was being posted
 * (docs/chat.md, "The check-in").
 */
export function slackAdapter(ctx: AppContext): ChannelAdapter {
  return {
    send: (row) => sendSlackMessage(ctx, row),
    afterSettle: async (row, outcome) => {
      if (row.kind === "check_in" && outcome.kind === "sent") {
        await showLateAnswer(ctx, { ...row, result: outcome.result });
      }
    },
  };
}
